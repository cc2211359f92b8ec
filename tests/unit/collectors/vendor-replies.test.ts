import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { boxFailure } from '../../../src/server/ingest/collectors/box/box-replies';
import {
  dropboxError,
  dropboxFailure,
  tokenRefused,
} from '../../../src/server/ingest/collectors/dropbox/dropbox-replies';
import { clientAssertion } from '../../../src/server/ingest/collectors/okta/okta-oauth';
import { retryAfterAt } from '../../../src/server/ingest/collectors/retry-after';
import { slackFailure } from '../../../src/server/ingest/collectors/slack/slack-replies';
import type { VendorReply } from '../../../src/server/ingest/collectors/vendor-http';

const NOW = 1_700_000_000_000;
const reply = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): VendorReply => ({
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('the waits and sentences of Slack, Box and Dropbox replies', () => {
  it('reads Retry-After as seconds or as an HTTP date, and nothing without it', () => {
    expect(retryAfterAt(reply(429, {}, { 'retry-after': '30' }), NOW)).toBe(NOW + 30_000);
    const date = new Date(NOW + 90_000).toUTCString();
    expect(retryAfterAt(reply(429, {}, { 'retry-after': date }), NOW)).toBe(NOW + 90_000);
    expect(retryAfterAt(reply(429, {}), NOW)).toBeUndefined();
    expect(retryAfterAt(reply(429, {}, { 'retry-after': 'soon' }), NOW)).toBeUndefined();
  });

  it('Slack: 429 waits as asked, a bad token or a missing scope stops, a 5xx is tried again', () => {
    expect(
      slackFailure(reply(429, { ok: false, error: 'ratelimited' }, { 'retry-after': '7' }), NOW),
    ).toMatchObject({
      kind: 'throttled',
      notBefore: NOW + 7_000,
    });
    expect(slackFailure(reply(401, { ok: false, error: 'invalid_auth' }), NOW).kind).toBe('denied');
    expect(slackFailure(reply(403, { ok: false, error: 'missing_scope' }), NOW)).toMatchObject({
      kind: 'denied',
      message: expect.stringContaining('auditlogs:read') as string,
    });
    expect(slackFailure(reply(200, { ok: false, error: 'feature_not_enabled' }), NOW).kind).toBe(
      'denied',
    );
    expect(slackFailure(reply(502, '<html>'), NOW)).toEqual({
      kind: 'retry',
      message: 'Slack answered 502',
    });
  });

  it('Box: 403 names the scope; 429 without Retry-After waits a minute', () => {
    expect(
      boxFailure(
        reply(403, { type: 'error', code: 'access_denied_insufficient_permissions' }),
        NOW,
      ),
    ).toMatchObject({
      kind: 'denied',
      message: expect.stringContaining('Manage enterprise properties') as string,
    });
    expect(boxFailure(reply(429, {}), NOW)).toMatchObject({
      kind: 'throttled',
      notBefore: NOW + 60_000,
    });
  });

  it('Dropbox: the reset timestamp, the rate limit’s reason, and which 401s a new token may cure', () => {
    const reset = reply(409, {
      error_summary: 'reset/..',
      error: { '.tag': 'reset', reset: '2026-01-02T03:04:05Z' },
    });
    expect(dropboxError(reset)).toEqual({ tag: 'reset', reset: '2026-01-02T03:04:05Z' });
    const limited = reply(
      429,
      { error: { reason: { '.tag': 'too_many_requests' }, retry_after: 3 } },
      { 'retry-after': '3' },
    );
    expect(dropboxFailure(limited, NOW)).toMatchObject({
      kind: 'throttled',
      notBefore: NOW + 3_000,
    });
    expect(tokenRefused(reply(401, { error: { '.tag': 'expired_access_token' } }))).toBe(true);
    const scope = reply(401, { error: { '.tag': 'missing_scope', required_scope: 'events.read' } });
    expect(tokenRefused(scope)).toBe(false);
    expect(dropboxFailure(scope, NOW)).toMatchObject({
      kind: 'denied',
      message: expect.stringContaining('events.read') as string,
    });
  });
});

describe('the client assertion of an Okta service app (private_key_jwt)', () => {
  const audience = 'https://example.okta.com/oauth2/v1/token';
  const parts = (jwt: string) => jwt.split('.');
  const json = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

  it('signs RS256 with an RSA key pasted as PEM, even with its line breaks lost', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().replace(/\n/g, ' ');
    const jwt = clientAssertion('0oa1', pem, audience, NOW) as string;
    const [head, claims, signature] = parts(jwt);
    expect(json(head!)).toEqual({ alg: 'RS256', typ: 'JWT' });
    expect(json(claims!)).toMatchObject({
      iss: '0oa1',
      sub: '0oa1',
      aud: audience,
      iat: NOW / 1000,
      exp: NOW / 1000 + 300,
    });
    expect(
      verify(
        'sha256',
        Buffer.from(`${head}.${claims}`),
        publicKey,
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
    // Each assertion is used once: a fresh jti every time.
    expect(json(parts(clientAssertion('0oa1', pem, audience, NOW) as string)[1]!).jti).not.toBe(
      json(claims!).jti,
    );
  });

  it('signs ES256 with a P-256 key given as a JWK, naming its kid', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'key-1' };
    const jwt = clientAssertion('0oa1', JSON.stringify(jwk), audience, NOW) as string;
    const [head, claims, signature] = parts(jwt);
    expect(json(head!)).toEqual({ alg: 'ES256', typ: 'JWT', kid: 'key-1' });
    const ok = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: createPublicKey(privateKey), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    );
    expect(ok).toBe(true);
  });

  it('says why a key cannot sign', () => {
    expect(clientAssertion('0oa1', 'not a key', audience, NOW)).toEqual({
      problem:
        'The OAuth private key could not be read: paste the service app’s private key as PEM or JWK',
    });
    const ed = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(clientAssertion('0oa1', ed, audience, NOW)).toEqual({
      problem: 'The OAuth private key is neither RSA nor EC P-256, which Vigil signs with',
    });
  });
});
