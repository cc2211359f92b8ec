import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';

/**
 * How many events of the subject in [from, to) each log source sent. No rollup keeps the
 * source, so this reads the events of the range (through the employee and time index).
 */
export async function sourceCounts(
  db: Kysely<Database>,
  employeeId: string,
  from: number,
  to: number,
): Promise<Array<{ value: string; count: number }>> {
  const { rows } = await sql<{ source: string; n: number | string }>`
    select source, count(*) as n from events
    where employee_id = ${employeeId} and time >= ${from} and time < ${to}
    group by source`.execute(db);
  return rows.map((row) => ({ value: row.source, count: Number(row.n) }));
}
