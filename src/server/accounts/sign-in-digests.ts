import { createHmac, randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import { installationSecret } from '../db/queries/installation-secrets';
import type { Database } from '../db/schema';

/**
 * Keyed digests (HMAC-SHA-256 under a random per-installation secret) of what someone typed at
 * sign-in. The counters and the audit log keep these instead of the text, which may be a
 * password typed into the email field; unlike a bare hash, nobody without the secret can test
 * guesses against them. Every process on the database reads the same secret.
 */
export class SignInDigests {
  private secret: Promise<Buffer> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** A 128-bit hex digest of `parts` for one `purpose` (digests of two purposes never match). */
  async digest(purpose: string, ...parts: string[]): Promise<string> {
    const hmac = createHmac('sha256', await this.key());
    hmac.update([purpose, ...parts].join('\u0000'));
    return hmac.digest('hex').slice(0, 32);
  }

  private key(): Promise<Buffer> {
    this.secret ??= installationSecret(
      this.db,
      'sign-in-digest',
      randomBytes(32).toString('hex'),
      Date.now(),
    ).then(
      (hex) => Buffer.from(hex, 'hex'),
      (error: unknown) => {
        // Not cached: the next sign-in asks the database again.
        this.secret = null;
        throw error;
      },
    );
    return this.secret;
  }
}
