import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** People whose identity a granted reveal shows in this case at `now`. */
export async function revealedInCase(
  db: Kysely<Database>,
  investigationId: string,
  now: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('identity_reveals')
    .select('employee_id')
    .where('investigation_id', '=', investigationId)
    .where('status', '=', 'granted')
    .where('expires_at', '>', now)
    .execute();
  return rows.map((r) => r.employee_id);
}
