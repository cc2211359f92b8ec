import { invalid } from '../domain-error';

/**
 * Where an event search stopped: in the case created at `createdAt` with id `caseId`, before the
 * event (time, id) in newest-first order. A position between two events (the search ran out of
 * time after scanning down to `time`) is written with id 0: ids start at 1, so "before (time, 0)"
 * is "before time".
 */
export interface EventSearchPosition {
  createdAt: number;
  caseId: string;
  time: number;
  id: number;
}

/** An opaque cursor for the next page of an event search. */
export function encodeSearchCursor(position: EventSearchPosition): string {
  const { createdAt, caseId, time, id } = position;
  return Buffer.from(JSON.stringify([createdAt, caseId, time, id])).toString('base64url');
}

const MESSAGE =
  'The cursor is not valid: pass the nextCursor of the previous page, or none for the first page.';

/** Reads a cursor back, or answers 400 for one this server did not write. */
export function decodeSearchCursor(cursor: string | undefined): EventSearchPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString());
  } catch {
    throw invalid(MESSAGE);
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw invalid(MESSAGE);
  const [createdAt, caseId, time, id] = parsed as unknown[];
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!whole(createdAt) || !whole(time) || !whole(id) || typeof caseId !== 'string')
    throw invalid(MESSAGE);
  if (caseId.length === 0 || caseId.length > 100) throw invalid(MESSAGE);
  return { createdAt, caseId, time, id };
}
