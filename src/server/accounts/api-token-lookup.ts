import type { Kysely } from 'kysely';

import type { Permission } from '../../shared/permissions';
import { permissions as allPermissions } from '../../shared/permissions';
import { readJson } from '../db/dialect';
import { findApiTokenByHash, touchApiToken } from '../db/queries/api-tokens';
import type { Database } from '../db/schema';
import type { ApiTokenHasher } from './api-token-secret';
import { hasApiTokenShape } from './api-token-secret';
import { rolesAndPermissions } from './role-permissions';
import type { Viewer } from './viewer';

/**
 * `last_used_at` is written only when it is at least this far behind, so a script calling in a
 * loop does not write on every request; the lists show the last use to the minute.
 */
export const TOKEN_USE_GRANULARITY_MS = 60_000;

/**
 * What a bearer token turned out to be. `unknown`: no such token (or not one's shape), the only
 * outcome that can be a guess; the others were real tokens.
 */
export type ApiTokenLookup =
  | { status: 'valid'; viewer: Viewer }
  | { status: 'unknown' | 'expired' | 'revoked' | 'owner-disabled' };

const KNOWN = new Set<string>(allPermissions);

/**
 * Resolves an API token to its owner acting with the token's scopes: the scopes the owner's
 * roles still hold now, so a token never holds more than its owner and loses what they lose.
 */
export async function lookupApiToken(
  db: Kysely<Database>,
  hasher: ApiTokenHasher,
  token: string,
  now: number,
): Promise<ApiTokenLookup> {
  if (!hasApiTokenShape(token)) return { status: 'unknown' };
  const rows = await findApiTokenByHash(db, await hasher.hash(token));
  const first = rows[0];
  if (!first) return { status: 'unknown' };
  if (first.revoked_at !== null) return { status: 'revoked' };
  if (first.expires_at <= now) return { status: 'expired' };
  if (first.disabled) return { status: 'owner-disabled' };
  if (first.last_used_at === null || now - first.last_used_at >= TOKEN_USE_GRANULARITY_MS) {
    await touchApiToken(db, first.id, now);
  }
  const { roles, permissions: held } = rolesAndPermissions(rows);
  const scopes = new Set(
    readJson<string[]>(first.scopes).filter((s): s is Permission => KNOWN.has(s)),
  );
  return {
    status: 'valid',
    viewer: {
      userId: first.user_id,
      email: first.email,
      displayName: first.display_name,
      roles,
      permissions: new Set([...scopes].filter((scope) => held.has(scope))),
      passwordChangeRequired: Boolean(first.password_temporary),
      apiToken: { id: first.id, name: first.name, scopes },
    },
  };
}
