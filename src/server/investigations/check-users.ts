import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { badRequest } from '../http-problem';

/** Refuses assignees or members that do not exist or are disabled. */
export async function checkActiveUsers(db: Kysely<Database>, userIds: string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'disabled'])
    .where('id', 'in', unique)
    .execute();
  const active = new Set(rows.filter((row) => !row.disabled).map((row) => row.id));
  const missing = unique.filter((id) => !active.has(id));
  if (missing.length > 0) {
    throw badRequest(
      `${missing.length === 1 ? 'This user is' : 'These users are'} not active Vigil users: ${missing.join(', ')}.`,
    );
  }
}
