import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';

import type { Database } from '../schema';

/** Events a condition matches since `from`, and how many of them belong to nobody yet. */
export async function countMatchingEvents(
  db: Kysely<Database>,
  condition: RawBuilder<SqlBool>,
  from: number,
  to: number,
): Promise<{ events: number; unmapped: number }> {
  const result = await sql<{ n: number | string; unmapped: number | string | null }>`
    select count(*) as n, sum(case when e.employee_id is null then 1 else 0 end) as unmapped
    from events as e where e.time >= ${from} and e.time < ${to} and ${condition}`.execute(db);
  const row = result.rows[0];
  return { events: Number(row?.n ?? 0), unmapped: Number(row?.unmapped ?? 0) };
}

/** The people with the most events a condition matches since `from`, most first. */
export async function peopleMatching(
  db: Kysely<Database>,
  condition: RawBuilder<SqlBool>,
  from: number,
  to: number,
): Promise<Array<{ employeeId: string; events: number }>> {
  const result = await sql<{ employee_id: string; n: number | string }>`
    select e.employee_id, count(*) as n from events as e
    where e.employee_id is not null and e.time >= ${from} and e.time < ${to} and ${condition}
    group by e.employee_id order by count(*) desc, e.employee_id`.execute(db);
  return result.rows.map((row) => ({ employeeId: row.employee_id, events: Number(row.n) }));
}
