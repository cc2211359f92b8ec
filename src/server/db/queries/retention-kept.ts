import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';

import type { Database } from '../schema';
import type { ProtectedCase } from './retention';

/**
 * The protected cases (open or held) that kept events Vigil received before `before`: those of
 * their subject, or (a hold) of someone their evidence names, in their window. For the run's
 * summary; the deletes decide for themselves (keptByCase).
 */
export async function casesKeepingOldEvents(
  db: Kysely<Database>,
  cases: readonly ProtectedCase[],
  before: number,
): Promise<ProtectedCase[]> {
  const kept: ProtectedCase[] = [];
  for (const c of cases) {
    const people = c.held
      ? sql<SqlBool>`(e.employee_id = ${c.subjectEmployeeId} or e.employee_id in
          (select employee_id from legal_hold_people where investigation_id = ${c.id}))`
      : sql<SqlBool>`e.employee_id = ${c.subjectEmployeeId}`;
    const row = await db
      .selectFrom('events as e')
      .select('e.id')
      .where('e.time', '>=', c.windowStart)
      .where('e.time', '<=', c.windowEnd)
      .where('e.ingested_at', '<', before)
      .where(people)
      .limit(1)
      .executeTakeFirst();
    if (row) kept.push(c);
  }
  return kept;
}
