/**
 * Errors about one record of an upload. Every message names the position of the record and
 * says what is wrong in a sentence an investigator can act on, e.g.
 * "record 12: no time: Okta records need `published`".
 */

/** What a position counts: records (array elements, parsed rows) or physical lines. */
export type PositionUnit = 'record' | 'line';

/** A record (or line) that cannot be ingested. Never thrown for a whole-file failure. */
export class RecordError extends Error {
  override readonly name = 'RecordError';
  /** 1-based: the line number for NDJSON and CSV, the element index for JSON arrays. */
  readonly position: number;
  /** The sentence after the position, without it. */
  readonly reason: string;
  readonly unit: PositionUnit;
  /**
   * True when the parser itself failed on the record (a bug in Vigil, not in the data). The
   * record is still rejected with a message rather than crashing the upload.
   */
  readonly internal: boolean;

  constructor(
    position: number,
    reason: string,
    options: { unit?: PositionUnit; internal?: boolean; cause?: unknown } = {},
  ) {
    const unit = options.unit ?? 'record';
    super(`${unit} ${position}: ${reason}`, { cause: options.cause });
    this.position = position;
    this.reason = reason;
    this.unit = unit;
    this.internal = options.internal ?? false;
  }
}

/** Throws a RecordError; typed `never` so it can end an expression (`x ?? fail(...)`). */
export function fail(position: number, reason: string): never {
  throw new RecordError(position, reason);
}

/**
 * Turns anything thrown while parsing one record into a RecordError, so a parser bug rejects
 * the record with a readable message instead of aborting the whole upload.
 */
export function asRecordError(error: unknown, position: number): RecordError {
  if (error instanceof RecordError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new RecordError(position, `could not be read (internal parser error: ${detail})`, {
    internal: true,
    cause: error,
  });
}

/** Names the JSON type of a value for "wrong type" messages: "a number", "an array"... */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}
