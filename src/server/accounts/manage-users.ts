import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';
import type { z } from 'zod';

import type {
  AdminUser,
  createUserBodySchema,
  updateUserBodySchema,
} from '../../shared/schemas/admin';
import { generatePassword, hashPassword } from './passwords';
import type { Viewer } from './viewer';
import { inTransaction } from '../db/in-transaction';
import { existingRoleIds, rolesGranting } from '../db/queries/roles';
import { deleteUserSessions } from '../db/queries/sessions';
import {
  countEnabledUsersWithPermission,
  findUserByEmail,
  findUserById,
  insertUserIfAbsent,
  listUsersWithRoles,
  setUserRoles,
  updateUser,
  userRoleIds,
} from '../db/queries/users';
import type { Database, UserRow } from '../db/schema';
import { invalid, conflict, notFound } from '../domain-error';

/** A user row and role ids as the admin API shows them (never the password hash). */
export function presentAdminUser(row: UserRow, roles: string[]): AdminUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    roles,
    disabled: Boolean(row.disabled),
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
  };
}

export async function listAdminUsers(db: Kysely<Database>): Promise<AdminUser[]> {
  return (await listUsersWithRoles(db)).map((row) => presentAdminUser(row, row.roles));
}

async function checkRoles(db: Kysely<Database>, roles: string[]): Promise<string[]> {
  const unique = [...new Set(roles)];
  const known = await existingRoleIds(db, unique);
  const unknown = unique.filter((role) => !known.includes(role));
  if (unknown.length > 0)
    throw invalid(
      unknown.length === 1
        ? 'One of the roles does not exist.'
        : `${unknown.length} of the roles do not exist.`,
      'roles',
    );
  return unique.sort();
}

/** A password's hash, and the generated password to hand over once when none was given. */
export interface NewPassword {
  passwordHash: string;
  temporaryPassword: string | null;
}

/**
 * Hashes the given password or a generated one. Done before the change's transaction opens:
 * argon2 takes long enough that holding a transaction (SQLite's only connection) over it would
 * stall every other request.
 */
export async function newPassword(given: string | undefined): Promise<NewPassword> {
  const temporaryPassword = given ? null : generatePassword();
  return { passwordHash: await hashPassword(given ?? temporaryPassword!), temporaryPassword };
}

/**
 * Creates a user with a password hashed by newPassword, marked temporary: the admin knows it,
 * so the user must change it on first sign-in. The generated one is returned once.
 */
export async function createUser(
  db: Kysely<Database>,
  body: z.output<typeof createUserBodySchema>,
  password: NewPassword,
  now: number,
): Promise<{ user: AdminUser; temporaryPassword: string | null }> {
  const roles = await checkRoles(db, body.roles);
  const id = randomUUID();
  const inserted = await insertUserIfAbsent(
    db,
    {
      id,
      email: body.email,
      displayName: body.displayName,
      passwordHash: password.passwordHash,
      now,
      passwordTemporary: true,
    },
    roles,
  );
  if (!inserted) throw conflict('A user with that email already exists.', 'email');
  const row = (await findUserByEmail(db, body.email))!;
  return { user: presentAdminUser(row, roles), temporaryPassword: password.temporaryPassword };
}

/**
 * Changes a user's name, roles or enabled state. Refuses changes that would leave nobody able
 * to manage users; disabling ends every session of the user at once. One transaction (the
 * caller's, when given one).
 */
export async function changeUser(
  db: Kysely<Database>,
  viewer: Viewer,
  userId: string,
  body: z.output<typeof updateUserBodySchema>,
  now: number,
): Promise<{ user: AdminUser; changes: Record<string, { from: unknown; to: unknown }> }> {
  return inTransaction(db, async (trx) => {
    const row = await findUserById(trx, userId);
    if (!row) throw notFound('There is no user with that id.');
    const currentRoles = await userRoleIds(trx, userId);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (body.disabled === true && userId === viewer.userId) {
      throw invalid('You cannot disable your own account.');
    }
    if (body.displayName !== undefined && body.displayName !== row.display_name) {
      changes.displayName = { from: row.display_name, to: body.displayName };
      await updateUser(trx, userId, { display_name: body.displayName }, now);
    }
    if (body.roles) {
      const roles = await checkRoles(trx, body.roles);
      if (roles.join() !== currentRoles.join()) {
        changes.roles = { from: currentRoles, to: roles };
        await setUserRoles(trx, userId, roles);
      }
    }
    if (body.disabled !== undefined && body.disabled !== Boolean(row.disabled)) {
      changes.disabled = { from: Boolean(row.disabled), to: body.disabled };
      await updateUser(trx, userId, { disabled: body.disabled ? 1 : 0 }, now);
      if (body.disabled) await deleteUserSessions(trx, userId);
    }
    if (changes.roles || changes.disabled) {
      const managers = await countEnabledUsersWithPermission(
        trx,
        await rolesGranting(trx, 'users.manage'),
      );
      if (managers === 0) {
        throw conflict('This change would leave no active user who can manage users.');
      }
    }
    const updated = (await findUserById(trx, userId))!;
    return { user: presentAdminUser(updated, await userRoleIds(trx, userId)), changes };
  });
}

/**
 * Sets a password hashed by newPassword, marked temporary (the admin knows it, so its owner
 * must change it), and ends the user's sessions, in one transaction.
 */
export async function resetPassword(
  db: Kysely<Database>,
  userId: string,
  password: NewPassword,
  now: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await findUserById(trx, userId);
    if (!row) throw notFound('There is no user with that id.');
    await updateUser(
      trx,
      userId,
      { password_hash: password.passwordHash, password_temporary: 1 },
      now,
    );
    await deleteUserSessions(trx, userId);
  });
}
