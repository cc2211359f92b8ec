import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Permission } from '../../shared/permissions';
import { permissions as allPermissions } from '../../shared/permissions';
import type {
  AdminApiToken,
  ApiToken,
  CreateApiTokenBody,
  CreateApiTokenReply,
} from '../../shared/schemas/api-tokens';
import { readJson } from '../db/dialect';
import {
  findLiveApiToken,
  insertApiToken,
  listAllApiTokens,
  listUserApiTokens,
  revokeApiToken,
} from '../db/queries/api-tokens';
import type { ApiTokenRow } from '../db/queries/api-tokens';
import type { Database } from '../db/schema';
import { invalid, notFound } from '../domain-error';
import type { Viewer } from './viewer';

const DAY_MS = 86_400_000;
const KNOWN = new Set<string>(allPermissions);

/** Said for a token id that is not one the caller may revoke (the id is never repeated). */
export const NO_SUCH_TOKEN = 'There is no API token with that id.';

/** A token row as the lists show it: never its hash. */
export function presentApiToken(row: ApiTokenRow, now: number): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: readJson<string[]>(row.scopes).filter((s): s is Permission => KNOWN.has(s)),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    expired: row.expires_at <= now,
  };
}

/**
 * Makes a token for the signed-in user. Its scopes must be permissions the user's roles hold
 * now: one they do not hold is refused by name (a permission id, never free text).
 */
export async function createApiToken(
  db: Kysely<Database>,
  viewer: Viewer,
  body: CreateApiTokenBody,
  issued: { token: string; tokenHash: string },
  now: number,
): Promise<CreateApiTokenReply> {
  const missing = body.scopes.filter((scope) => !viewer.permissions.has(scope));
  if (missing.length > 0) {
    throw invalid(
      `Your role does not hold ${missing.length === 1 ? 'the permission' : 'the permissions'} ${missing.join(', ')}: a token can only have scopes its owner holds.`,
      'scopes',
    );
  }
  const row: ApiTokenRow = {
    id: randomUUID(),
    user_id: viewer.userId,
    name: body.name,
    scopes: JSON.stringify(body.scopes),
    token_hash: issued.tokenHash,
    created_at: now,
    expires_at: now + body.expiresInDays * DAY_MS,
    last_used_at: null,
    revoked_at: null,
    revoked_by: null,
  };
  await insertApiToken(db, {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    scopes: body.scopes,
    tokenHash: row.token_hash,
    now,
    expiresAt: row.expires_at,
  });
  return { ...presentApiToken(row, now), token: issued.token };
}

/** The user's own tokens that are not revoked. */
export async function listOwnApiTokens(
  db: Kysely<Database>,
  userId: string,
  now: number,
): Promise<ApiToken[]> {
  return (await listUserApiTokens(db, userId)).map((row) => presentApiToken(row, now));
}

/** Everyone's tokens that are not revoked, with their owners (Vigil users, not subjects). */
export async function listEveryonesApiTokens(
  db: Kysely<Database>,
  now: number,
): Promise<AdminApiToken[]> {
  return (await listAllApiTokens(db)).map((row) => ({
    ...presentApiToken(row, now),
    owner: { id: row.user_id, email: row.owner_email, displayName: row.owner_display_name },
  }));
}

/**
 * Revokes a token: the caller's own, or anyone's when `anyOwner` (admins). Returns the token
 * as it was, for the audit entry; a token already revoked or not the caller's is not found.
 */
export async function revokeToken(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
  options: { anyOwner: boolean; now: number },
): Promise<ApiTokenRow> {
  const row = await findLiveApiToken(db, id);
  if (!row || (!options.anyOwner && row.user_id !== viewer.userId)) throw notFound(NO_SUCH_TOKEN);
  if (!(await revokeApiToken(db, id, viewer.userId, options.now))) throw notFound(NO_SUCH_TOKEN);
  return row;
}
