import { generateKeyPairSync } from 'node:crypto';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startM365Simulator } from '../../simulators/m365-simulator';
import type { M365Simulator } from '../../simulators/m365-simulator';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { collectDeps, makeDue, testSecretKey } from './support/collection-helpers';

let t: TestApp;
let admin: ApiClient;
let sim: M365Simulator;

beforeAll(async () => {
  t = await startTestApp({ secretKey: testSecretKey(), allowHttpConnectors: true });
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await sim?.close();
});

async function configure(
  simulator: M365Simulator,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const created = await admin.post('/integrations', { name: 'Microsoft 365', kind: 'm365' });
  expect(created.status).toBe(201);
  const id = created.body.integration.id as string;
  const saved = await admin.put(`/integrations/${id}/collection`, {
    enabled: true,
    intervalSeconds: 60,
    backfillDays: 7,
    settings: {
      tenantId: simulator.tenantId,
      clientId: simulator.clientId,
      clientSecret: simulator.clientSecret,
      loginUrl: simulator.url,
      apiUrl: simulator.url,
    },
    ...overrides,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}

/** The record Ids stored for an integration, one entry per stored event. */
async function storedIds(id: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('events')
    .select('source_event_id')
    .where('integration_id', '=', id)
    .execute();
  return rows.map((row) => row.source_event_id.split(':')[0]!);
}

async function expectExactlyOnce(id: string, simulator: M365Simulator) {
  const ids = await storedIds(id);
  expect(ids.length).toBe(new Set(ids).size);
  expect(new Set(ids)).toEqual(new Set(simulator.records.map((record) => record.Id)));
}

const status = async (id: string) =>
  (await admin.get(`/integrations/${id}/collection`)).body.status;

const listings = (simulator: M365Simulator) =>
  simulator.requests.filter((r) => r.path.includes('/subscriptions/content'));

describe('collecting the Microsoft 365 Management Activity API', () => {
  it('subscribes to each content type, lists windows of at most 24 h by publish time to the last NextPageUri, stores every record once; late and repeated blobs add only what is new', async () => {
    sim = await startM365Simulator();
    sim.pageSize = 7;
    for (const type of ['Audit.AzureActiveDirectory', 'Audit.Exchange', 'Audit.SharePoint']) {
      sim.publish(type, 12, 4);
    }
    sim.publish('Audit.General', 3, 2);
    sim.publish('DLP.All', 1, 1);
    // Published three days ago: the backfill reads it through several 24-hour windows.
    sim.publishLate('Audit.SharePoint', 5, 3 * 86_400_000);
    const id = await configure(sim);

    expect(await collectOnce(collectDeps(t), id)).toBe(true);
    await expectExactlyOnce(id, sim);
    expect([...sim.subscriptions].sort()).toEqual([
      'Audit.AzureActiveDirectory',
      'Audit.Exchange',
      'Audit.General',
      'Audit.SharePoint',
      'DLP.All',
    ]);
    // PublisherIdentifier on every API call, content blobs included (not on Entra ID's token call).
    const api = sim.requests.filter((r) => !r.path.includes('/oauth2/'));
    expect(api.length).toBeGreaterThan(10);
    expect(api.every((r) => r.publisher)).toBe(true);
    expect(sim.requests.every((r) => r.status === 200)).toBe(true);
    for (const listing of listings(sim)) {
      const query = new URL(listing.path, sim.url).searchParams;
      const start = Date.parse(`${query.get('startTime')}Z`);
      const end = Date.parse(`${query.get('endTime')}Z`);
      expect(end - start).toBeGreaterThan(0);
      expect(end - start).toBeLessThanOrEqual(86_400_000);
      expect(start).toBeGreaterThanOrEqual(Date.now() - 7 * 86_400_000);
    }
    // 12 blobs at 7 a page: the NextPageUri was followed.
    expect(listings(sim).some((r) => /nextPage=7/.test(r.path))).toBe(true);
    const first = await status(id);
    expect(first).toMatchObject({ state: 'idle', lastError: null });

    // Listed late under a publish time ten minutes ago, and one blob published a second time.
    sim.publishLate('Audit.Exchange', 3, 10 * 60_000);
    sim.publishAgain(sim.blobs[0]!);
    sim.publish('Audit.SharePoint', 2, 2);
    const blobsBefore = sim.requests.filter((r) => r.path.includes('/audit/')).length;
    await makeDue(t, id);
    await collectOnce(collectDeps(t), id);
    await expectExactlyOnce(id, sim);
    // Only the four new blobs were fetched; the trailing window's known blobs were not.
    expect(sim.requests.filter((r) => r.path.includes('/audit/')).length - blobsBefore).toBe(4);
    // Subscriptions already started are not started again.
    expect(sim.requests.filter((r) => r.path.includes('/subscriptions/start'))).toHaveLength(5);
  });

  it('keeps a short-lived token until shortly before it expires, then takes a new one; a token refused early (401) is replaced and the poll goes on', async () => {
    sim = await startM365Simulator();
    sim.tokenLifetimeSeconds = 2;
    sim.publish('Audit.Exchange', 3, 2);
    const id = await configure(sim, {});
    await collectOnce(collectDeps(t), id);
    expect(sim.tokensIssued).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    sim.publish('Audit.Exchange', 1, 2);
    await collectOnce(collectDeps(t), id);
    // Renewed before it expired: no request was refused for an expired token.
    expect(sim.tokensIssued).toBe(2);
    expect(sim.expiredTokenRefusals).toBe(0);

    sim.tokenLifetimeSeconds = 3599;
    sim.revokeTokens();
    sim.publish('Audit.Exchange', 1, 2);
    await collectOnce(collectDeps(t), id);
    expect(sim.expiredTokenRefusals).toBe(1);
    expect(sim.tokensIssued).toBe(3);
    expect(await status(id)).toMatchObject({ state: 'idle', lastError: null });
    await expectExactlyOnce(id, sim);
  });

  it('keeps the waits AF429 asks for (429 and 403), backs off on a 5xx and a reset mid-blob: nothing lost, nothing doubled', async () => {
    sim = await startM365Simulator();
    sim.publish('Audit.SharePoint', 6, 3);
    const id = await configure(sim, {
      intervalSeconds: 5,
      settings: {
        tenantId: sim.tenantId,
        clientId: sim.clientId,
        clientSecret: sim.clientSecret,
        loginUrl: sim.url,
        apiUrl: sim.url,
        contentTypes: ['Audit.SharePoint', 'Audit.Exchange'],
      },
    });
    const deps = collectDeps(t);
    sim.throttleNext(1, 429);
    await collectOnce(deps, id);
    let now = await status(id);
    expect(now.state).toBe('backing_off');
    expect(now.lastError).toBe(
      'Microsoft 365 answered 429 (AF429): too many requests; Vigil waits as Microsoft asks',
    );

    const pollWhenDue = async () => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const due = await t.db
          .selectFrom('integration_collections')
          .select(['wait_until', 'next_poll_at', 'state'])
          .where('integration_id', '=', id)
          .executeTakeFirstOrThrow();
        if ((due.wait_until ?? 0) <= Date.now()) {
          await makeDue(t, id);
          await collectOnce(deps, id);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await pollWhenDue();
    expect((await status(id)).state).toBe('idle');

    sim.publish('Audit.SharePoint', 3, 3);
    sim.throttleNext(1, 403);
    await makeDue(t, id);
    await collectOnce(deps, id);
    expect((await status(id)).lastError).toBe(
      'Microsoft 365 answered 403 (AF429): too many requests; Vigil waits as Microsoft asks',
    );
    await pollWhenDue();

    sim.publish('Audit.Exchange', 2, 2);
    sim.failNext(1, 503);
    await makeDue(t, id);
    await collectOnce(deps, id);
    now = await status(id);
    expect(now.state).toBe('backing_off');
    expect(now.lastError).toBe(
      'Microsoft 365 answered 503 (AF50000): An internal error occurred. Retry the request',
    );
    sim.resetNextBlobMidBody();
    await makeDue(t, id);
    await collectOnce(deps, id);
    expect((await status(id)).lastError).toMatch(
      /^Microsoft 365 could not be read: the connection to 127\.0\.0\.1:\d+ broke mid-reply/,
    );
    await makeDue(t, id);
    await collectOnce(deps, id);
    await expectExactlyOnce(id, sim);
    expect(await status(id)).toMatchObject({ state: 'idle', lastError: null });
    // No request went out before a wait Microsoft asked for was over.
    expect(sim.waits).toHaveLength(2);
    for (const wait of sim.waits) {
      expect(sim.requests.filter((r) => r.at > wait.at && r.at < wait.until)).toEqual([]);
    }
  }, 30_000);

  it('a wrong client secret gives a failing state with the sentence, stops polling, and the server goes on', async () => {
    sim = await startM365Simulator();
    sim.publish('Audit.Exchange', 2, 2);
    const id = await configure(sim, {
      settings: {
        tenantId: sim.tenantId,
        clientId: sim.clientId,
        clientSecret: 'not-the-secret-4321',
        loginUrl: sim.url,
        apiUrl: sim.url,
      },
    });
    await collectOnce(collectDeps(t), id);
    const reply = (await admin.get(`/integrations/${id}/collection`)).body;
    expect(reply.status).toMatchObject({
      state: 'failing',
      lastError:
        'Microsoft Entra ID answered 401 (invalid_client): the client secret is not valid or has expired',
      nextPollAt: null,
    });
    expect(reply.settings.clientSecret).toEqual({ set: true, hint: '…4321' });
    expect(JSON.stringify(reply)).not.toContain('not-the-secret');
    expect(await storedIds(id)).toEqual([]);
    const test = await admin.post(`/integrations/${id}/collection/test`, {});
    expect(test.body).toEqual({
      ok: false,
      message:
        'Microsoft Entra ID answered 401 (invalid_client): the client secret is not valid or has expired.',
    });
    expect((await admin.get('/integrations')).status).toBe(200);
  });

  it('checks its settings: the tenant is a GUID, content types are known ones, URLs default to the public cloud', async () => {
    sim = await startM365Simulator();
    const created = await admin.post('/integrations', { name: 'M365 settings', kind: 'm365' });
    const id = created.body.integration.id as string;
    const put = (settings: Record<string, unknown>) =>
      admin.put(`/integrations/${id}/collection`, { enabled: false, settings });
    const base = { tenantId: sim.tenantId, clientId: sim.clientId, clientSecret: 'secret-abcd' };
    const notGuid = await put({ ...base, tenantId: 'northwind.onmicrosoft.com' });
    expect(notGuid.status).toBe(400);
    expect(notGuid.body.message).toMatch(/^settings\.tenantId must be the tenant’s directory ID/);
    const unknown = await put({ ...base, contentTypes: 'Audit.Exchange,Audit.Teams' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^settings\.contentTypes takes content types among/);
    expect(JSON.stringify(unknown.body)).not.toContain('Audit.Teams');
    const missing = await put({ tenantId: sim.tenantId, clientSecret: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('settings.clientId');
    const saved = await put(base);
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({
      loginUrl: 'https://login.microsoftonline.com',
      apiUrl: 'https://manage.office.com',
      contentTypes:
        'Audit.AzureActiveDirectory,Audit.Exchange,Audit.SharePoint,Audit.General,DLP.All',
      clientSecret: { set: true, hint: '…abcd' },
    });
  });
});

describe('Microsoft 365 and Google Workspace URLs without VIGIL_ALLOW_HTTP_CONNECTORS', () => {
  it('refuse http, private and link-local addresses, the key file’s token_uri included, naming the field', async () => {
    const strict = await startTestApp({ secretKey: testSecretKey(), allowHttpConnectors: false });
    try {
      const strictAdmin = await strict.signInAs('admin');
      const m365 = (await strictAdmin.post('/integrations', { name: 'M365', kind: 'm365' })).body
        .integration.id as string;
      const google = (
        await strictAdmin.post('/integrations', { name: 'GW', kind: 'google_workspace' })
      ).body.integration.id as string;
      const base = {
        tenantId: '41463f53-8812-40f4-890f-865bf6e35190',
        clientId: 'c',
        clientSecret: 's',
      };
      const cases: Array<[string, Record<string, unknown>, string]> = [
        [m365, { ...base, loginUrl: 'http://login.microsoftonline.com' }, 'settings.loginUrl'],
        [m365, { ...base, apiUrl: 'https://10.0.0.5' }, 'settings.apiUrl'],
        [
          google,
          {
            serviceAccountKey: {
              client_email: 'a@b.iam.gserviceaccount.com',
              private_key: generateKeyPairSync('rsa', { modulusLength: 2048 })
                .privateKey.export({ type: 'pkcs8', format: 'pem' })
                .toString(),
              token_uri: 'https://169.254.169.254/token',
            },
            adminEmail: 'admin@example.com',
          },
          'settings.serviceAccountKey has a token_uri that names a private',
        ],
      ];
      for (const [id, settings, message] of cases) {
        const reply = await strictAdmin.put(`/integrations/${id}/collection`, { settings });
        expect(reply.status).toBe(400);
        expect(reply.body.message).toContain(message);
      }
    } finally {
      await strict.close();
    }
  });
});
