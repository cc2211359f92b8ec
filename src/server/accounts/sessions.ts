import type { Kysely } from 'kysely';

import {
  deleteSession,
  deleteUserSessions,
  findSession,
  insertSession,
  touchSession,
} from '../db/queries/sessions';
import type { Database } from '../db/schema';
import { rolesAndPermissions } from './role-permissions';
import { hashToken, newSessionToken } from './session-token';
import type { Viewer } from './viewer';

/** How long sessions live: idle and absolute limits, from the configuration. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/**
 * last_seen_at is written only when it is at least this far behind, so a busy client does not
 * write on every request. The request that skipped its write came less than this after the
 * stored time, so the idle check allows this much more: a session ends between the idle limit
 * and the limit plus this after its last request, never before.
 */
export const LAST_SEEN_GRANULARITY_MS = 1_000;

/** Whether a session last seen (as stored) at `lastSeenAt` has been idle too long at `now`. */
export function idleExpired(lastSeenAt: number, idleMs: number, now: number): boolean {
  return lastSeenAt + idleMs + LAST_SEEN_GRANULARITY_MS <= now;
}

export type SessionLookup =
  | { status: 'valid'; viewer: Viewer; tokenHash: string; createdAt: number; expiresAt: number }
  | { status: 'missing' | 'expired' };

/** Resolves a session token to its user, ending it when it has run past either limit. */
export async function lookupSession(
  db: Kysely<Database>,
  token: string,
  policy: SessionPolicy,
  now: number,
): Promise<SessionLookup> {
  const tokenHash = hashToken(token);
  const rows = await findSession(db, tokenHash);
  const first = rows[0];
  if (!first) return { status: 'missing' };
  if (
    first.disabled ||
    first.expires_at <= now ||
    idleExpired(first.last_seen_at, policy.idleMs, now)
  ) {
    await deleteSession(db, tokenHash);
    return { status: 'expired' };
  }
  if (now - first.last_seen_at >= LAST_SEEN_GRANULARITY_MS) await touchSession(db, tokenHash, now);
  const { roles, permissions: granted } = rolesAndPermissions(rows);
  return {
    status: 'valid',
    tokenHash,
    createdAt: first.created_at,
    expiresAt: first.expires_at,
    viewer: {
      userId: first.user_id,
      email: first.email,
      displayName: first.display_name,
      roles,
      permissions: granted,
      passwordChangeRequired: Boolean(first.password_temporary),
    },
  };
}

/** Starts a session with a fresh token, ending the one the browser had, if any. */
export async function startSession(
  db: Kysely<Database>,
  userId: string,
  policy: SessionPolicy,
  context: { now: number; ip: string | null; userAgent: string | null; previousToken?: string },
): Promise<{ token: string; expiresAt: number }> {
  if (context.previousToken) await deleteSession(db, hashToken(context.previousToken));
  const token = newSessionToken();
  const expiresAt = context.now + policy.absoluteMs;
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    now: context.now,
    expiresAt,
    ip: context.ip,
    userAgent: context.userAgent,
  });
  return { token, expiresAt };
}

export { deleteSession, deleteUserSessions };
