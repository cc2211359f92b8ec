import type { Kysely } from 'kysely';

import type { Database } from '../schema';
import { EVENT_LIST_COLUMNS } from './findings/event-rows';
import type { EventListRow } from './findings/event-rows';

/**
 * A row of the subject's timeline as the export reads it: the listed columns as the driver
 * gives them (PostgreSQL's bigint columns arrive as strings; the CSV writes them as they are,
 * and the caller converts `time`).
 */
export type ExportEventRow = Omit<EventListRow, 'id' | 'time' | 'file_size'> & {
  id: number | string;
  time: number | string;
  file_size: number | string | null;
};

/**
 * One page of the subject's events in [from, to) after the (time, id) cursor, oldest first.
 * The index range starts at the cursor's time, so reading a million events page by page costs
 * one pass over the (employee, time, id) index, not a pass per page.
 */
export function subjectEventPage(
  db: Kysely<Database>,
  employeeId: string,
  window: { from: number; to: number },
  after: { time: number; id: number } | null,
  limit: number,
): Promise<ExportEventRow[]> {
  let query = db
    .selectFrom('events')
    .select(EVENT_LIST_COLUMNS)
    .where('employee_id', '=', employeeId)
    .where('time', '>=', after ? after.time : window.from)
    .where('time', '<', window.to);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('time', '>', after.time),
        eb.and([eb('time', '=', after.time), eb('id', '>', after.id)]),
      ]),
    );
  return query.orderBy('time').orderBy('id').limit(limit).execute();
}
