import { createPrivateKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/*
 * A service account's JSON key file as Google issues it: `client_email` (the account the
 * assertion is issued by), `private_key` (PKCS#8 PEM), `private_key_id` and `token_uri` (where
 * the assertion is exchanged for an access token; Google's public endpoint unless the key says
 * otherwise).
 */

/** Google's token endpoint, when a key file does not name one. */
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** A key file's parts that Vigil uses. */
export interface ServiceAccountKey {
  clientEmail: string;
  privateKey: KeyObject;
  privateKeyId: string | null;
  tokenUri: string;
}

/** The key file read, or a sentence saying what is wrong with it (never its contents). */
export function readServiceAccountKey(text: string): ServiceAccountKey | string {
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return 'is not JSON: paste the whole key file Google gave for the service account.';
  }
  if (key === null || typeof key !== 'object') return 'is not a service account key file.';
  if (key.type !== undefined && key.type !== 'service_account') {
    return 'is not a service account key (its type is not service_account).';
  }
  if (typeof key.client_email !== 'string' || !key.client_email.includes('@')) {
    return 'has no client_email: paste the whole key file of the service account.';
  }
  if (typeof key.private_key !== 'string') {
    return 'has no private_key: paste the whole key file of the service account.';
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(key.private_key);
  } catch {
    return 'has a private_key that is not a PEM private key.';
  }
  if (privateKey.asymmetricKeyType !== 'rsa') return 'has a private_key that is not an RSA key.';
  if (key.token_uri !== undefined && typeof key.token_uri !== 'string') {
    return 'has a token_uri that is not a URL.';
  }
  return {
    clientEmail: key.client_email,
    privateKey,
    privateKeyId: typeof key.private_key_id === 'string' ? key.private_key_id : null,
    tokenUri: key.token_uri ?? GOOGLE_TOKEN_URI,
  };
}
