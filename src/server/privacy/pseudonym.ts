import { createHmac } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a pseudonym reads aloud without confusion. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** How one person shows while pseudonymized: in names, in email fields, as an account name. */
export interface Pseudonym {
  /** "7F3K-9QX2": 40 bits of an HMAC, so 10,000 people collide with odds of about 1 in 20,000. */
  code: string;
  /** "Person 7F3K-9QX2" */
  name: string;
  /** "person-7f3k9qx2@pseudonymized.invalid" (RFC 2606: `.invalid` never resolves). */
  email: string;
  /** "person-7f3k9qx2", in place of an account name. */
  handle: string;
}

/**
 * A person's stable pseudonym: HMAC-SHA-256 of their employee id under the installation's
 * secret. The same person reads the same everywhere and always in one installation; without
 * the secret the pseudonym cannot be turned back into an id, let alone a name.
 */
export function pseudonymFor(secret: string, employeeId: string): Pseudonym {
  const digest = createHmac('sha256', secret).update(employeeId).digest();
  let bits = 0;
  let value = 0;
  let chars = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && chars.length < 8) {
      chars += ALPHABET[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
    if (chars.length === 8) break;
    value &= (1 << bits) - 1;
  }
  const code = `${chars.slice(0, 4)}-${chars.slice(4)}`;
  const handle = `person-${chars.toLowerCase()}`;
  return { code, name: `Person ${code}`, email: `${handle}@pseudonymized.invalid`, handle };
}

/** Pseudonyms of many people under one secret, each computed once. */
export class PseudonymBook {
  readonly #secret: string;
  readonly #cache = new Map<string, Pseudonym>();

  constructor(secret: string) {
    this.#secret = secret;
  }

  of(employeeId: string): Pseudonym {
    let found = this.#cache.get(employeeId);
    if (!found) {
      found = pseudonymFor(this.#secret, employeeId);
      if (this.#cache.size > 200_000) this.#cache.clear();
      this.#cache.set(employeeId, found);
    }
    return found;
  }
}
