import type { Kysely, Selectable } from 'kysely';

import { toJson } from '../dialect';
import { reusableQuery } from '../reusable-query';
import type { ApiTokensTable, Database } from '../schema';

export type ApiTokenRow = Selectable<ApiTokensTable>;

/** One row per role of the token's owner (an owner without roles yields one row with nulls). */
export interface ApiTokenOwnerRow {
  id: string;
  name: string;
  scopes: unknown;
  user_id: string;
  expires_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  email: string;
  display_name: string;
  disabled: number;
  password_temporary: number;
  role_id: string | null;
  role_name: string | null;
  role_permissions: unknown;
}

const byHashQuery = reusableQuery(['tokenHash'], (db, p) =>
  db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .leftJoin('roles as r', 'r.id', 'ur.role_id')
    .select([
      't.id',
      't.name',
      't.scopes',
      't.user_id',
      't.expires_at',
      't.last_used_at',
      't.revoked_at',
      'u.email',
      'u.display_name',
      'u.disabled',
      'u.password_temporary',
      'r.id as role_id',
      'r.name as role_name',
      'r.permissions as role_permissions',
    ])
    .where('t.token_hash', '=', p.tokenHash),
);

/** The token with its owner and the owner's roles, in one round trip: this runs per request. */
export function findApiTokenByHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<ApiTokenOwnerRow[]> {
  return byHashQuery(db, { tokenHash });
}

/** Stores a new token (its hash only). */
export async function insertApiToken(
  db: Kysely<Database>,
  token: {
    id: string;
    userId: string;
    name: string;
    scopes: readonly string[];
    tokenHash: string;
    now: number;
    expiresAt: number;
  },
): Promise<void> {
  await db
    .insertInto('api_tokens')
    .values({
      id: token.id,
      user_id: token.userId,
      name: token.name,
      scopes: toJson(token.scopes),
      token_hash: token.tokenHash,
      created_at: token.now,
      expires_at: token.expiresAt,
      last_used_at: null,
      revoked_at: null,
      revoked_by: null,
    })
    .execute();
}

/** Records a use. */
export async function touchApiToken(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}

/** One user's tokens that are not revoked, newest first. */
export function listUserApiTokens(db: Kysely<Database>, userId: string): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Everyone's tokens that are not revoked, newest first, with their owners. */
export function listAllApiTokens(db: Kysely<Database>) {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('t')
    .select(['u.email as owner_email', 'u.display_name as owner_display_name'])
    .where('t.revoked_at', 'is', null)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id')
    .execute();
}

/** A token that is not revoked, by id. */
export function findLiveApiToken(
  db: Kysely<Database>,
  id: string,
): Promise<ApiTokenRow | undefined> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Marks a token revoked; false when it was revoked already (or never existed). */
export async function revokeApiToken(
  db: Kysely<Database>,
  id: string,
  revokedBy: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now, revoked_by: revokedBy })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
