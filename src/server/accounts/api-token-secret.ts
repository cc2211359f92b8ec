import { createHmac, randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import { API_TOKEN_PREFIX } from '../../shared/schemas/api-tokens';
import { installationSecret } from '../db/queries/installation-secrets';
import type { Database } from '../db/schema';

/** A new API token: the recognisable prefix and 256 random bits, base64url. */
export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** Whether a string has the shape of an API token (any other string cannot be one). */
export function hasApiTokenShape(text: string): boolean {
  return TOKEN_SHAPE.test(text);
}

/**
 * The keyed hash API tokens are stored and found by: HMAC-SHA-256 under a per-installation
 * secret. A token holds 256 random bits, so nothing can be guessed from a fast hash and a slow
 * password hash (argon2) would only add tens of milliseconds to every request; the key means a
 * copy of the table alone cannot even confirm a token found elsewhere. Every process on the
 * database reads the same secret.
 */
export class ApiTokenHasher {
  private secret: Promise<Buffer> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A new token and its hash. Called before a transaction opens: on SQLite the secret's first
   * read needs the one connection a transaction would be holding.
   */
  async issue(): Promise<{ token: string; tokenHash: string }> {
    const token = newApiToken();
    return { token, tokenHash: await this.hash(token) };
  }

  /** The hex digest stored in `api_tokens.token_hash`. */
  async hash(token: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(token)
      .digest('hex');
  }

  private key(): Promise<Buffer> {
    this.secret ??= installationSecret(
      this.db,
      'api-token-key',
      randomBytes(32).toString('hex'),
      Date.now(),
    ).then(
      (hex) => Buffer.from(hex, 'hex'),
      (error: unknown) => {
        // Not cached: the next request asks the database again.
        this.secret = null;
        throw error;
      },
    );
    return this.secret;
  }
}
