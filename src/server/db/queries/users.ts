import type { Kysely } from 'kysely';

import { inTransaction } from '../in-transaction';
import type { Database, UserRow } from '../schema';

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Users with their role ids, ordered by name, for the admin screen. */
export async function listUsersWithRoles(
  db: Kysely<Database>,
): Promise<Array<UserRow & { roles: string[] }>> {
  const users = await db.selectFrom('users').selectAll().orderBy('display_name').execute();
  const links = await db.selectFrom('user_roles').selectAll().execute();
  const byUser = new Map<string, string[]>();
  for (const link of links) {
    const list = byUser.get(link.user_id) ?? [];
    list.push(link.role_id);
    byUser.set(link.user_id, list);
  }
  return users.map((user) => ({ ...user, roles: (byUser.get(user.id) ?? []).sort() }));
}

export async function userRoleIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('role_id')
    .where('user_id', '=', userId)
    .orderBy('role_id')
    .execute();
  return rows.map((row) => row.role_id);
}

/**
 * Inserts a user unless one with the email exists; returns whether it was inserted.
 * Safe when two processes create the first admin at once.
 */
export async function insertUserIfAbsent(
  db: Kysely<Database>,
  user: {
    id: string;
    email: string;
    displayName: string;
    passwordHash: string | null;
    now: number;
    /** An admin set or generated the password: its owner must change it. */
    passwordTemporary?: boolean;
  },
  roleIds: string[],
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .insertInto('users')
      .values({
        id: user.id,
        email: user.email,
        display_name: user.displayName,
        password_hash: user.passwordHash,
        disabled: 0,
        created_at: user.now,
        updated_at: user.now,
        last_login_at: null,
        password_temporary: user.passwordTemporary ? 1 : 0,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    if (roleIds.length > 0) {
      await trx
        .insertInto('user_roles')
        .values(roleIds.map((roleId) => ({ user_id: user.id, role_id: roleId })))
        .execute();
    }
    return true;
  });
}

export async function setUserRoles(
  db: Kysely<Database>,
  userId: string,
  roleIds: string[],
): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length > 0) {
    await db
      .insertInto('user_roles')
      .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
      .execute();
  }
}

export async function updateUser(
  db: Kysely<Database>,
  userId: string,
  changes: Partial<
    Pick<
      UserRow,
      'display_name' | 'disabled' | 'password_hash' | 'last_login_at' | 'password_temporary'
    >
  >,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Enabled users holding a permission through any role; guards against locking admins out. */
export async function countEnabledUsersWithPermission(
  db: Kysely<Database>,
  rolesWithPermission: string[],
): Promise<number> {
  if (rolesWithPermission.length === 0) return 0;
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .select((eb) => eb.fn.count<number>('u.id').distinct().as('n'))
    .where('u.disabled', '=', 0)
    .where('ur.role_id', 'in', rolesWithPermission)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of these user ids, the ones that name an enabled user. */
export async function activeUserIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'disabled'])
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.filter((row) => !row.disabled).map((row) => row.id));
}

/** Active users by name, for pickers. */
export function listActiveUsers(
  db: Kysely<Database>,
): Promise<Array<Pick<UserRow, 'id' | 'email' | 'display_name'>>> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'display_name'])
    .where('disabled', '=', 0)
    .orderBy('display_name')
    .execute();
}
