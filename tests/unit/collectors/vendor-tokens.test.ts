import { generateKeyPairSync, verify } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import {
  cachedToken,
  credentialsKey,
  forgetToken,
  keepToken,
} from '../../../src/server/ingest/collectors/access-token-cache';
import { readServiceAccountKey } from '../../../src/server/ingest/collectors/google/google-key';
import {
  REPORTS_SCOPE,
  signAssertion,
} from '../../../src/server/ingest/collectors/google/google-token';
import { moveStart } from '../../../src/server/ingest/collectors/m365/m365-cursor';

describe('access tokens kept between polls', () => {
  it('are replaced five minutes before they expire, halfway through a short life, and at once when refused', () => {
    const key = credentialsKey(['tenant', 'client', 'secret']);
    keepToken(key, 'hour-token', 3599, 0);
    expect(cachedToken(key, 3_298_000)).toBe('hour-token');
    expect(cachedToken(key, 3_299_000)).toBeNull();
    keepToken(key, 'short-token', 2, 0);
    expect(cachedToken(key, 999)).toBe('short-token');
    expect(cachedToken(key, 1000)).toBeNull();
    keepToken(key, 'refused-token', 3599, 0);
    forgetToken(key);
    expect(cachedToken(key, 1)).toBeNull();
    // Other credentials never share a token.
    expect(credentialsKey(['tenant', 'client', 'other'])).not.toBe(key);
  });
});

describe('the Google service-account assertion', () => {
  it('is signed RS256 by the key, for the admin, the audit scope and the key file’s token_uri, valid one hour', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = readServiceAccountKey(
      JSON.stringify({
        type: 'service_account',
        private_key_id: 'abc123',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email: 'reports@project.iam.gserviceaccount.com',
        token_uri: 'https://oauth2.example.test/token',
      }),
    );
    if (typeof key === 'string') throw new Error(key);
    const jwt = signAssertion(key, 'admin@example.com', 1_700_000_000_500);
    const [head, claims, signature] = jwt.split('.');
    expect(
      verify(
        'RSA-SHA256',
        Buffer.from(`${head}.${claims}`),
        publicKey,
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
      kid: 'abc123',
    });
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toEqual({
      iss: 'reports@project.iam.gserviceaccount.com',
      sub: 'admin@example.com',
      scope: REPORTS_SCOPE,
      aud: 'https://oauth2.example.test/token',
      iat: 1_700_000_000,
      exp: 1_700_003_600,
    });
  });

  it('reads a key file without token_uri as Google’s, and says what is wrong with one it cannot use', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const key = readServiceAccountKey(JSON.stringify({ private_key: pem, client_email: 'a@b.c' }));
    expect(typeof key !== 'string' && key.tokenUri).toBe('https://oauth2.googleapis.com/token');
    expect(readServiceAccountKey('{')).toMatch(/^is not JSON/);
    expect(readServiceAccountKey(JSON.stringify({ type: 'authorized_user' }))).toMatch(
      /type is not service_account/,
    );
    expect(readServiceAccountKey(JSON.stringify({ client_email: 'a@b.c' }))).toMatch(
      /no private_key/,
    );
  });
});

describe('the Microsoft 365 listing start', () => {
  it('only moves forward, and forgets the blobs published before it', () => {
    const progress = { subscribed: true, start: 1000, seen: { a: 900, b: 1500, c: 2500 } };
    moveStart(progress, 2000);
    expect(progress).toEqual({ subscribed: true, start: 2000, seen: { c: 2500 } });
    moveStart(progress, 1200);
    expect(progress.start).toBe(2000);
  });
});
