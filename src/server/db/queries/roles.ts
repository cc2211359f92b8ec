import type { Kysely } from 'kysely';

import { readJson } from '../dialect';
import type { Database, RoleRow } from '../schema';

export function listRoles(db: Kysely<Database>): Promise<Array<RoleRow & { user_count: number }>> {
  return db
    .selectFrom('roles as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('user_roles as ur')
        .whereRef('ur.role_id', '=', 'r.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('user_count'),
    )
    .orderBy('r.built_in', 'desc')
    .orderBy('r.name')
    .execute() as Promise<Array<RoleRow & { user_count: number }>>;
}

export function findRole(db: Kysely<Database>, id: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRoleByName(db: Kysely<Database>, name: string): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function existingRoleIds(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

export async function insertRole(db: Kysely<Database>, role: RoleRow): Promise<void> {
  await db.insertInto('roles').values(role).execute();
}

export async function updateRole(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<RoleRow, 'name' | 'description' | 'permissions'>>,
  now: number,
): Promise<void> {
  await db
    .updateTable('roles')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteRole(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

/** Role ids whose permissions include one permission. */
export async function rolesGranting(db: Kysely<Database>, permission: string): Promise<string[]> {
  const rows = await db.selectFrom('roles').select(['id', 'permissions']).execute();
  return rows
    .filter((row) => readJson<string[]>(row.permissions).includes(permission))
    .map((row) => row.id);
}

export async function countRoleUsers(db: Kysely<Database>, id: string): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
