import { createHash } from 'node:crypto';

/*
 * Access tokens that collectors obtained (Entra ID client credentials, Google service-account
 * assertions), kept in memory only, for the poll after too: asking for a token at every poll
 * would spend the identity provider's rate limit for nothing. A token is replaced before it
 * expires (five minutes early, or halfway through a short lifetime) and at once when the API
 * refuses it. Keyed by a digest of the credentials, so changed credentials never reuse a token.
 */

interface CachedToken {
  token: string;
  refreshAt: number;
}

const tokens = new Map<string, CachedToken>();

/** The cache key of a set of credentials (a digest: no secret is kept as a key). */
export function credentialsKey(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** The token for these credentials while it is still fresh, or null. */
export function cachedToken(key: string, now: number): string | null {
  const entry = tokens.get(key);
  if (!entry || entry.refreshAt <= now) return null;
  return entry.token;
}

/** Keeps a token that expires `expiresInSeconds` after `now`. */
export function keepToken(key: string, token: string, expiresInSeconds: number, now: number) {
  const lifetime = Number.isFinite(expiresInSeconds) && expiresInSeconds > 0 ? expiresInSeconds : 0;
  const early = Math.min(300, lifetime / 2);
  tokens.set(key, { token, refreshAt: now + (lifetime - early) * 1000 });
}

/** Forgets a token the API refused (expired or revoked early). */
export function forgetToken(key: string): void {
  tokens.delete(key);
}
