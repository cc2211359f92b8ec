import type { Kysely } from 'kysely';

import { reusableQuery } from '../reusable-query';
import type { Database } from '../schema';

/** One row per role of the session's user (a user without roles yields one row with nulls). */
export interface SessionRow {
  token_hash: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  email: string;
  display_name: string;
  disabled: number;
  password_temporary: number;
  role_id: string | null;
  role_name: string | null;
  role_permissions: unknown;
}

const sessionQuery = reusableQuery(['tokenHash'], (db, p) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .leftJoin('roles as r', 'r.id', 'ur.role_id')
    .select([
      's.token_hash',
      's.user_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      'u.email',
      'u.display_name',
      'u.disabled',
      'u.password_temporary',
      'r.id as role_id',
      'r.name as role_name',
      'r.permissions as role_permissions',
    ])
    .where('s.token_hash', '=', p.tokenHash),
);

/** The session with its user and roles, in one round trip: this runs on every request. */
export function findSession(db: Kysely<Database>, tokenHash: string): Promise<SessionRow[]> {
  return sessionQuery(db, { tokenHash });
}

export async function insertSession(
  db: Kysely<Database>,
  session: {
    tokenHash: string;
    userId: string;
    now: number;
    expiresAt: number;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function touchSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user (disabled, password reset). */
export async function deleteUserSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends every session of the user but one (the one making the change); returns how many. */
export async function deleteOtherUserSessions(
  db: Kysely<Database>,
  userId: string,
  keepTokenHash: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keepTokenHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Removes sessions past their absolute or idle limit; run now and then. `idleBoundMs` is the
 * idle limit plus the allowance for skipped last_seen_at writes (see auth/sessions.ts), so a
 * session the idle check still accepts is never removed.
 */
export async function deleteExpiredSessions(
  db: Kysely<Database>,
  now: number,
  idleBoundMs: number,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleBoundMs)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
