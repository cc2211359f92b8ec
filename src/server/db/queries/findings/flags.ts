import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import { findingsDb } from './tables';
import type { FindingsWindow } from './window-facts';

/** How often each detail of a flag occurs in the window. */
export async function flagCounts(
  db: Kysely<Database>,
  employeeId: string,
  window: FindingsWindow,
  flag: string,
): Promise<Array<{ detail: string; n: number; events: number; first: number; last: number }>> {
  const rows = await findingsDb(db)
    .selectFrom('event_flags')
    .select((eb) => [
      'detail',
      eb.fn.countAll<number>().as('n'),
      eb.fn.count<number>('event_id').distinct().as('events'),
      eb.fn.min('time').as('first'),
      eb.fn.max('time').as('last'),
    ])
    .where('employee_id', '=', employeeId)
    .where('flag', '=', flag)
    .where('time', '>=', window.start)
    .where('time', '<', window.end)
    .groupBy('detail')
    .execute();
  return rows.map((row) => ({
    detail: row.detail,
    n: Number(row.n),
    events: Number(row.events),
    first: Number(row.first),
    last: Number(row.last),
  }));
}

/** Flagged events, newest first, with the details each carries. */
export async function flaggedEvents(
  db: Kysely<Database>,
  employeeId: string,
  window: FindingsWindow,
  flag: string,
  options: { details?: readonly string[]; limit: number },
): Promise<Array<{ eventId: number; time: number; details: string[] }>> {
  let query = findingsDb(db)
    .selectFrom('event_flags')
    .select(['event_id', 'time', 'detail'])
    .where('employee_id', '=', employeeId)
    .where('flag', '=', flag)
    .where('time', '>=', window.start)
    .where('time', '<', window.end);
  if (options.details?.length) query = query.where('detail', 'in', options.details);
  const rows = await query
    .orderBy('time', 'desc')
    .limit(options.limit * 4)
    .execute();
  const byEvent = new Map<number, { eventId: number; time: number; details: string[] }>();
  for (const row of rows) {
    const id = Number(row.event_id);
    const entry = byEvent.get(id) ?? { eventId: id, time: Number(row.time), details: [] };
    entry.details.push(row.detail);
    byEvent.set(id, entry);
  }
  return [...byEvent.values()].slice(0, options.limit);
}

/** How many distinct events carry the flag in the window (each counted once, whatever its details). */
export async function flaggedEventCount(
  db: Kysely<Database>,
  employeeId: string,
  window: FindingsWindow,
  flag: string,
): Promise<number> {
  const row = await findingsDb(db)
    .selectFrom('event_flags')
    .select((eb) => eb.fn.count<number>('event_id').distinct().as('n'))
    .where('employee_id', '=', employeeId)
    .where('flag', '=', flag)
    .where('time', '>=', window.start)
    .where('time', '<', window.end)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The distinct events carrying the flag (with one of its details, when given) in the window,
 * up to `limit` of them: few enough, the timeline looks them up by id.
 */
export async function flaggedEventIds(
  db: Kysely<Database>,
  employeeId: string,
  window: FindingsWindow,
  flag: { name: string; detail?: string },
  limit: number,
): Promise<number[]> {
  let query = findingsDb(db)
    .selectFrom('event_flags')
    .select('event_id')
    .distinct()
    .where('employee_id', '=', employeeId)
    .where('flag', '=', flag.name)
    .where('time', '>=', window.start)
    .where('time', '<', window.end);
  if (flag.detail) query = query.where('detail', '=', flag.detail);
  const rows = await query.limit(limit).execute();
  return rows.map((row) => Number(row.event_id));
}
