import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';

import type { Database } from '../schema';

/**
 * The events a condition matches in [from, to), counted per person (null: the account maps to
 * nobody yet), most first. One statement, so a trial can run it a day at a time.
 */
export async function matchingEventsByPerson(
  db: Kysely<Database>,
  condition: RawBuilder<SqlBool>,
  from: number,
  to: number,
): Promise<Array<{ employeeId: string | null; events: number }>> {
  const result = await sql<{ employee_id: string | null; n: number | string }>`
    select e.employee_id, count(*) as n from events as e
    where e.time >= ${from} and e.time < ${to} and ${condition}
    group by e.employee_id`.execute(db);
  return result.rows.map((row) => ({ employeeId: row.employee_id, events: Number(row.n) }));
}
