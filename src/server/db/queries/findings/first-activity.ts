import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';

/**
 * When the employee's first logged activity before `end` happened, or null without any: where
 * their history (and so the baseline that tells new apps and repositories from old ones)
 * begins. HR lifecycle records are not activity: a hire dated years before the logs start
 * would otherwise end the baseline long before the first sign-in, and make everything new.
 * One walk of the (employee, time) index that skips those few records.
 */
export async function firstActivityBefore(
  db: Kysely<Database>,
  employeeId: string,
  end: number,
): Promise<number | null> {
  const { rows } = await sql<{ time: number }>`
    select time from events
    where employee_id = ${employeeId} and time < ${end} and category <> 'hr'
    order by time limit 1`.execute(db);
  const first = rows[0]?.time;
  return first === undefined || first === null ? null : Number(first);
}
