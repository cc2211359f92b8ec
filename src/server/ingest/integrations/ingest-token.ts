import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefix of ingest tokens, so a leaked one is recognisable (secret scanners, logs). */
const PREFIX = 'vgi_';

/** A new ingest token (shown once), the hash that is stored, and its last four characters. */
export interface NewIngestToken {
  token: string;
  hash: string;
  hint: string;
}

/** SHA-256 of a token, hex: the only form in which tokens are stored. */
export function hashIngestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A random 256-bit token for pushing logs to one integration. */
export function newIngestToken(): NewIngestToken {
  const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashIngestToken(token), hint: token.slice(-4) };
}

/** Whether a presented token is the one whose hash is stored (constant time). */
export function ingestTokenMatches(storedHash: string | null, presented: string): boolean {
  if (storedHash === null) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashIngestToken(presented), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
