import { invalid } from '../../domain-error';

/** An opaque cursor for time-sorted event lists: the (time, id) of the last row sent. */
export function encodeCursor(row: { time: number; id: number }): string {
  return Buffer.from(`${row.time}.${row.id}`).toString('base64url');
}

/** Reads a cursor back, or answers 400 for one this server did not write. */
export function decodeCursor(cursor: string | undefined): { time: number; id: number } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const match = /^(\d{1,16})\.(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match)
    throw invalid(
      'The cursor is not valid: pass the nextCursor of the previous page, or none for the first page.',
    );
  return { time: Number(match[1]), id: Number(match[2]) };
}
