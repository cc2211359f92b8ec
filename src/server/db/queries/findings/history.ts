import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';

/*
 * Facts about an employee's whole history, read from their daily rollup (event_daily), which a
 * finding context brings up to date with every event first (ensureRollups). Over events these
 * questions have no time bound, and PostgreSQL planned every monthly partition back to the
 * oldest HR record (about 160 in the 10M scale run) for each: tens of milliseconds a request.
 */

/** The first and last event times of the employee, or null without events. */
export async function historySpan(
  db: Kysely<Database>,
  employeeId: string,
): Promise<{ first: number; last: number } | null> {
  // The first and last days are index probes of the rollup's key (employee, day, ...).
  const { rows } = await sql<{ first: number | string | null; last: number | string | null }>`
    select
      (select min(first_time) from event_daily where employee_id = ${employeeId}
        and day = (select min(day) from event_daily where employee_id = ${employeeId})) as first,
      (select max(last_time) from event_daily where employee_id = ${employeeId}
        and day = (select max(day) from event_daily where employee_id = ${employeeId})) as last`.execute(
    db,
  );
  const row = rows[0];
  if (!row || row.first === null || row.last === null) return null;
  return { first: Number(row.first), last: Number(row.last) };
}

/** When the employee's earliest event of an activity happened, or null without one. */
export async function firstTimeOfActivity(
  db: Kysely<Database>,
  employeeId: string,
  activity: string,
): Promise<number | null> {
  const { rows } = await sql<{ first: number | string | null }>`
    select min(first_time) as first from event_daily
    where employee_id = ${employeeId} and activity = ${activity}`.execute(db);
  const first = rows[0]?.first;
  return first === undefined || first === null ? null : Number(first);
}
