import { createHash, randomBytes } from 'node:crypto';

/** A new 256-bit session token, for the cookie only; the database keeps its hash. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, hex: what the sessions table stores. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The cookie name: `__Host-` when served over HTTPS, so it is bound to this host and path /. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-vigil_session' : 'vigil_session';
}
