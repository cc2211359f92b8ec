import { createPrivateKey, generateKeyPairSync } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startOktaSimulator } from '../../simulators/okta-simulator';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { collectDeps, expectExactlyOnce, testSecretKey } from './support/collection-helpers';
import {
  collectionOf,
  configureCollection,
  dueNow,
  storedWaitUntil,
} from './support/vendor-collection';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp({ secretKey: testSecretKey(), allowHttpConnectors: true });
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});

/** What a password field leaves of a pasted PEM: its line breaks are gone. */
const asTyped = (pem: string) => pem.replace(/\n/g, '');

const claimsOf = (assertion: string) =>
  JSON.parse(Buffer.from(assertion.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

describe('collecting Okta as an OAuth service app (private_key_jwt, okta.logs.read)', () => {
  it('mints a token with a signed client assertion, reads the System Log with it, and mints again when Okta says it expired', async () => {
    const sim = await startOktaSimulator(300);
    try {
      sim.pageSize = 100;
      const oauth = sim.enableOAuth();
      const id = await configureCollection(admin, 'okta', {
        url: sim.url,
        clientId: oauth.clientId,
        privateKey: asTyped(oauth.privateKey),
      });
      const shown = await collectionOf(admin, id);
      expect(shown.settings).toMatchObject({
        clientId: oauth.clientId,
        token: { set: false, hint: null },
        privateKey: { set: true },
      });
      expect(JSON.stringify(shown)).not.toContain('PRIVATE KEY');

      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(t, id, sim);
      expect(sim.tokenRequests).toHaveLength(1);
      const { form } = sim.tokenRequests[0]!;
      expect(form).toMatchObject({
        grant_type: 'client_credentials',
        scope: 'okta.logs.read',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      });
      expect(claimsOf(form.client_assertion!)).toMatchObject({
        iss: oauth.clientId,
        sub: oauth.clientId,
        aud: `${sim.url}/oauth2/v1/token`,
      });

      sim.addEvents(150);
      sim.expireTokens();
      await dueNow(t, id);
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(t, id, sim);
      expect(sim.requests.filter((r) => r.status === 401)).toHaveLength(1);
      expect(sim.tokenRequests.map((r) => r.status)).toEqual([200, 200]);
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'idle',
        lastError: null,
      });

      // A JWK (as Okta's console shows the key) works as well.
      const jwk = createPrivateKey(oauth.privateKey).export({ format: 'jwk' });
      await admin.put(`/integrations/${id}/collection`, {
        settings: { url: sim.url, clientId: oauth.clientId, privateKey: JSON.stringify(jwk) },
      });
      const tested = await admin.post(`/integrations/${id}/collection/test`, {});
      expect(tested.body).toEqual({
        ok: true,
        message: `Okta answered: the OAuth service app can read the System Log of ${new URL(sim.url).host}.`,
      });
    } finally {
      await sim.close();
    }
  });

  it('a key Okta does not know gives a failing state with the sentence, and no crash', async () => {
    const sim = await startOktaSimulator(10);
    try {
      const oauth = sim.enableOAuth();
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString();
      const id = await configureCollection(admin, 'okta', {
        url: sim.url,
        clientId: oauth.clientId,
        privateKey: other,
      });
      await collectOnce(collectDeps(t), id);
      const sentence =
        'Okta answered 401 (invalid_client) to the token request: the client ID or private key is not valid, or the service app was not granted okta.logs.read (and Vigil does not send DPoP proofs: turn that requirement off for the app)';
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'failing',
        lastError: sentence,
        nextPollAt: null,
      });
      expect(sim.requests).toHaveLength(0);
      const unreadable = await configureCollection(admin, 'okta', {
        url: sim.url,
        clientId: oauth.clientId,
        privateKey: 'not a key',
      });
      const tested = await admin.post(`/integrations/${unreadable}/collection/test`, {});
      expect(tested.body).toEqual({
        ok: false,
        message:
          'The OAuth private key could not be read: paste the service app’s private key as PEM or JWK.',
      });
      expect((await admin.get('/integrations')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('waits for the rate-limit window a 429 on the token request names (X-Rate-Limit-Reset), then collects', async () => {
    const sim = await startOktaSimulator(10);
    try {
      const oauth = sim.enableOAuth();
      const id = await configureCollection(admin, 'okta', {
        url: sim.url,
        clientId: oauth.clientId,
        privateKey: oauth.privateKey,
      });
      sim.throttleTokenNext(90_000);
      await collectOnce(collectDeps(t), id);
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'backing_off',
        lastError:
          'Okta answered 429 to the token request: a rate limit was reached; Vigil waits as Okta asks',
      });
      const [refused] = sim.tokenRequests;
      const waitUntil = await storedWaitUntil(t, id);
      // Okta's window, to the second it names: not a fixed minute from the request.
      const reset = Math.ceil((refused!.at + 90_000) / 1000) * 1000;
      expect(Math.abs(waitUntil! - reset)).toBeLessThanOrEqual(1000);
      expect(sim.requests).toHaveLength(0);

      await dueNow(t, id);
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(t, id, sim);
      expect(sim.tokenRequests.map((r) => r.status)).toEqual([429, 200]);
    } finally {
      await sim.close();
    }
  });

  it('takes an API token or a client ID with its private key, exactly one of them; giving one drops the other', async () => {
    const created = await admin.post('/integrations', { name: 'Okta OAuth', kind: 'okta' });
    const id = created.body.integration.id as string;
    const put = (settings: Record<string, string>) =>
      admin.put(`/integrations/${id}/collection`, { enabled: false, settings });
    const url = 'https://example.okta.com';

    const neither = await put({ url });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(
      'settings.token: give settings.token, or settings.clientId and settings.privateKey.',
    );
    const half = await put({ url, clientId: '0oa123' });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe('settings.privateKey is required with settings.clientId.');
    const both = await put({ url, token: 'tok-1234', clientId: '0oa123', privateKey: 'k' });
    expect(both.status).toBe(400);

    const oauth = await put({ url, clientId: '0oa123', privateKey: 'key-9876' });
    expect(oauth.body.settings).toEqual({
      url,
      clientId: '0oa123',
      token: { set: false, hint: null },
      privateKey: { set: true, hint: '…9876' },
    });
    const token = await put({ url, token: 'tok-1234' });
    expect(token.status).toBe(200);
    expect(token.body.settings).toEqual({
      url,
      token: { set: true, hint: '…1234' },
      privateKey: { set: false, hint: null },
    });
    // Left out, the stored token stays.
    expect((await put({ url })).body.settings.token).toEqual({ set: true, hint: '…1234' });
  });
});
