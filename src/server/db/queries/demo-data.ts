import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** Whether the database already holds people or activity (then no demo data is loaded). */
export async function hasEmployeesOrEvents(db: Kysely<Database>): Promise<boolean> {
  const [employee, event] = await Promise.all([
    db.selectFrom('employees').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('events').select('id').limit(1).executeTakeFirst(),
  ]);
  return employee !== undefined || event !== undefined;
}

/** The earliest-created enabled user holding the admin role. */
export function firstAdminUser(
  db: Kysely<Database>,
): Promise<{ id: string; email: string; display_name: string } | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.display_name'])
    .where('r.role_id', '=', 'admin')
    .where('u.disabled', '=', 0)
    .orderBy('u.created_at')
    .orderBy('u.id')
    .executeTakeFirst();
}

/** Queues investigations for analysis: the analysis runner picks up `pending` ones. */
export async function markAnalysisPending(
  db: Kysely<Database>,
  investigationIds: readonly string[],
  now: number,
): Promise<void> {
  if (investigationIds.length === 0) return;
  await db
    .updateTable('investigations')
    .set({ analysis_state: 'pending', analysis_updated_at: now })
    .where('id', 'in', investigationIds)
    .execute();
}
