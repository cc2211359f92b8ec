import type { Kysely } from 'kysely';

import type { Permission } from '../../../shared/permissions';
import { readJson } from '../dialect';
import type { Database } from '../schema';

/** The address of an enabled user, or null. */
export async function activeUserEmail(
  db: Kysely<Database>,
  userId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .where('disabled', '=', 0)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** The addresses of enabled users whose roles hold a permission (privacy officers: privacy.approve). */
export async function emailsWithPermission(
  db: Kysely<Database>,
  permission: Permission,
): Promise<string[]> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['u.email', 'r.permissions'])
    .where('u.disabled', '=', 0)
    .execute();
  const emails = rows
    .filter((row) => readJson<string[]>(row.permissions).includes(permission))
    .map((row) => row.email);
  return [...new Set(emails)].sort();
}

/** Collections failing since before `before`, with their integration's name. */
export function longFailingCollections(db: Kysely<Database>, before: number) {
  return db
    .selectFrom('integration_collections as c')
    .innerJoin('integrations as i', 'i.id', 'c.integration_id')
    .select(['i.id', 'i.name', 'i.kind', 'c.failing_since', 'c.last_error'])
    .where('c.state', '=', 'failing')
    .where('c.failing_since', '<=', before)
    .execute();
}
