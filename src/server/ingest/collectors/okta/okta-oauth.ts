import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

import type { Minted } from '../access-token';
import { mintToken } from '../access-token';
import { oktaNotBefore } from './okta-replies';

/*
 * OAuth 2.0 for an Okta service app, as Okta documents it for the System Log: the client
 * credentials grant at the org authorization server (`/oauth2/v1/token`), scope okta.logs.read,
 * the client authenticated with private_key_jwt: a JWT (iss and sub the client ID, aud the
 * token URL, a short exp and a fresh jti) signed with the app's private key (RS256 for RSA,
 * ES256 for a P-256 key). The key may be PEM (even with its line breaks lost in a form field)
 * or the JWK Okta's console shows.
 */

/** The key and its JWT algorithm, or why it cannot be used. */
function readKey(text: string): { key: KeyObject; alg: 'RS256' | 'ES256'; kid?: string } | string {
  let key: KeyObject;
  let kid: string | undefined;
  try {
    const trimmed = text.trim();
    if (trimmed.startsWith('{')) {
      const jwk = JSON.parse(trimmed) as { kid?: unknown };
      kid = typeof jwk.kid === 'string' ? jwk.kid : undefined;
      key = createPrivateKey({ key: jwk as never, format: 'jwk' });
    } else {
      key = createPrivateKey(rewrapPem(trimmed));
    }
  } catch {
    return 'The OAuth private key could not be read: paste the service app’s private key as PEM or JWK';
  }
  if (key.asymmetricKeyType === 'rsa') return { key, alg: 'RS256', ...(kid ? { kid } : {}) };
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { key, alg: 'ES256', ...(kid ? { kid } : {}) };
  }
  return 'The OAuth private key is neither RSA nor EC P-256, which Vigil signs with';
}

/** A PEM block with its line breaks restored (a password field turns them into spaces or nothing). */
function rewrapPem(text: string): string {
  const match = /^(-----BEGIN [A-Z ]+-----)([\s\S]*?)(-----END [A-Z ]+-----)$/.exec(text);
  if (!match) return text;
  const body = match[2]!.replace(/\s+/g, '');
  return `${match[1]}\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n${match[3]}\n`;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed client assertion for one token request, or why the key cannot sign one. */
export function clientAssertion(
  clientId: string,
  privateKey: string,
  audience: string,
  now: number,
): string | { problem: string } {
  const signing = readKey(privateKey);
  if (typeof signing === 'string') return { problem: signing };
  const header = { alg: signing.alg, typ: 'JWT', ...(signing.kid ? { kid: signing.kid } : {}) };
  const iat = Math.floor(now / 1000);
  const claims = {
    iss: clientId,
    sub: clientId,
    aud: audience,
    iat,
    exp: iat + 300,
    jti: randomUUID(),
  };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = sign(
    'sha256',
    Buffer.from(input),
    signing.alg === 'ES256' ? { key: signing.key, dsaEncoding: 'ieee-p1363' } : signing.key,
  );
  return `${input}.${base64url(signature)}`;
}

/** An access token for the service app. */
export async function mintOktaToken(
  settings: Readonly<Record<string, string>>,
  allowInsecure: boolean,
  now: () => number,
): Promise<Minted> {
  const url = `${settings.url}/oauth2/v1/token`;
  const assertion = clientAssertion(settings.clientId!, settings.privateKey ?? '', url, now());
  if (typeof assertion !== 'string') {
    return { failure: { kind: 'denied', message: assertion.problem } };
  }
  return mintToken(
    {
      vendor: 'Okta',
      url,
      form: {
        grant_type: 'client_credentials',
        scope: 'okta.logs.read',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
      },
      allowInsecure,
      notBefore: oktaNotBefore,
      refused:
        'the client ID or private key is not valid, or the service app was not granted okta.logs.read (and Vigil does not send DPoP proofs: turn that requirement off for the app)',
    },
    now,
  );
}
