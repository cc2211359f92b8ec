import type { EventSource } from '../../../shared/events';
import { asRecordError, describeType, fail } from '../errors';
import type { Framing } from '../framing/types';
import type { EventDraft } from './event-builder';
import { buildEvent } from './event-builder';
import type { JsonObject } from './fields';
import { isObject } from './fields';
import type { ParsedItem, ParserOptions, SourceParser } from './parser';
import { resolveParserOptions } from './parser';

/** What a record parser gets besides the record. */
export interface RecordContext {
  readonly position: number;
  readonly options: ParserOptions;
  /** A validated event item of this parser's source, with the record as `raw`. */
  event(draft: EventDraft): ParsedItem;
  /** Rejects the record with a reason (the position is added). */
  fail(reason: string): never;
}

/** A parser that reads each record on its own. */
export interface RecordParserSpec {
  source: EventSource;
  label: string;
  /** One record, for "record 3: not an Okta System Log event: ...". */
  recordNoun: string;
  description: string;
  framings: readonly Framing[];
  /** Why an object is not of this format, or null when it looks right. */
  mismatch(record: JsonObject): string | null;
  /**
   * Whether an object is of this format when the upload does not say (see SourceParser.detect);
   * stricter than `mismatch` when a loose check would claim other formats. Default: no mismatch.
   */
  detect?(record: JsonObject): boolean;
  parse(record: JsonObject, context: RecordContext): ParsedItem[];
}

/**
 * Makes a SourceParser from a record-at-a-time spec: rejects non-objects and records of another
 * format with a positioned reason, and turns any unexpected exception into a RecordError so one
 * odd record never aborts an upload.
 */
export function defineRecordParser(spec: RecordParserSpec): SourceParser {
  const mismatch = (record: unknown): string | null =>
    isObject(record) ? spec.mismatch(record) : `it is ${describeType(record)}, not a JSON object`;
  return {
    source: spec.source,
    label: spec.label,
    description: spec.description,
    framings: spec.framings,
    looksLike: (record) => mismatch(record) === null,
    mismatch,
    detect: (record) =>
      isObject(record) && (spec.detect ? spec.detect(record) : spec.mismatch(record) === null),
    create(partialOptions) {
      const options = resolveParserOptions(partialOptions);
      return {
        push(record, position) {
          return guarded(position, () => {
            const why = mismatch(record);
            if (why !== null) fail(position, `not ${spec.recordNoun}: ${why}`);
            const context = recordContext(spec.source, record, position, options);
            return spec.parse(record as JsonObject, context);
          });
        },
        end: () => [],
      };
    },
  };
}

/** The context handed to a record parser. */
export function recordContext(
  source: EventSource,
  raw: unknown,
  position: number,
  options: ParserOptions,
): RecordContext {
  return {
    position,
    options,
    event: (draft) => ({
      kind: 'event',
      event: buildEvent(source, draft, raw, position),
      position,
    }),
    fail: (reason) => fail(position, reason),
  };
}

/** Runs parsing code for one record, turning anything it throws into a RecordError. */
export function guarded<T>(position: number, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw asRecordError(error, position);
  }
}

/** The item for an API page that holds no records (the last page of a listing). */
export function emptyPage(position: number): ParsedItem {
  return { kind: 'skipped', reason: 'an API page with no records', position };
}
