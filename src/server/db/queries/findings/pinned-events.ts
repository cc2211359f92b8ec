import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import { EVENT_LIST_SELECTION } from '../event-columns';
import type { EventListRow } from '../event-columns';

/** How many ids one `in (...)` list carries. */
const CHUNK = 500;

/** A listed event with its raw record (the JSON column as the driver gives it). */
export type EventWithRaw = EventListRow & { raw: unknown };

/**
 * The events of these ids that are the subject's and fall in [from, to) (the case's window,
 * as the events endpoint reads it), with their raw records. Ids not returned are not theirs.
 */
export async function subjectEventsWithRaw(
  db: Kysely<Database>,
  employeeId: string,
  window: { from: number; to: number },
  ids: readonly number[],
): Promise<EventWithRaw[]> {
  const out: EventWithRaw[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('events')
      .select([...EVENT_LIST_SELECTION, 'raw'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .where('employee_id', '=', employeeId)
      .where('time', '>=', window.from)
      .where('time', '<', window.to)
      .execute();
    for (const row of rows) {
      out.push({
        ...row,
        id: Number(row.id),
        time: Number(row.time),
        file_size: row.file_size === null ? null : Number(row.file_size),
      });
    }
  }
  return out;
}

/** The raw records of these events as they are now, by id; ids with no event are absent. */
export async function currentRawRecords(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, unknown>> {
  const found = new Map<number, unknown>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('events')
      .select(['id', 'raw'])
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) found.set(Number(row.id), row.raw);
  }
  return found;
}
