import { generateKeyPairSync } from 'node:crypto';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startGoogleReportsSimulator } from '../../simulators/google-reports-simulator';
import type { GoogleReportsSimulator } from '../../simulators/google-reports-simulator';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { collectDeps, makeDue, testSecretKey } from './support/collection-helpers';

let t: TestApp;
let admin: ApiClient;
let sim: GoogleReportsSimulator;

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
  simulator: GoogleReportsSimulator,
  settings: Record<string, unknown> = {},
  body: Record<string, unknown> = {},
): Promise<string> {
  const created = await admin.post('/integrations', {
    name: 'Google Workspace',
    kind: 'google_workspace',
  });
  expect(created.status).toBe(201);
  const id = created.body.integration.id as string;
  const saved = await admin.put(`/integrations/${id}/collection`, {
    enabled: true,
    intervalSeconds: 60,
    backfillDays: 7,
    settings: {
      serviceAccountKey: JSON.stringify(simulator.key, null, 2),
      adminEmail: simulator.adminEmail,
      applications: 'login,drive,admin,token',
      apiUrl: simulator.url,
      ...settings,
    },
    ...body,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}

/** The uniqueQualifier of each stored event, one entry per stored event. */
async function storedQualifiers(id: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('events')
    .select('source_event_id')
    .where('integration_id', '=', id)
    .execute();
  return rows.map((row) => row.source_event_id.split(':')[2]!);
}

async function expectExactlyOnce(id: string, simulator: GoogleReportsSimulator) {
  const stored = await storedQualifiers(id);
  expect(stored.length).toBe(new Set(stored).size);
  expect(new Set(stored)).toEqual(new Set(simulator.activities.map((a) => a.id.uniqueQualifier)));
}

const status = async (id: string) =>
  (await admin.get(`/integrations/${id}/collection`)).body.status;

const reads = (simulator: GoogleReportsSimulator) =>
  simulator.requests.filter((r) => r.path.startsWith('/admin/reports/'));

describe('collecting the Google Workspace Reports API', () => {
  it('acts as the admin through the key file’s token_uri, reads each application newest first to its last page, and stores every activity once, several sharing one time across page boundaries', async () => {
    sim = await startGoogleReportsSimulator();
    sim.pageSize = 25;
    sim.add('drive', 130, 2 * 86_400_000);
    sim.add('login', 40);
    sim.add('admin', 5);
    const id = await configure(sim);
    expect(await collectOnce(collectDeps(t), id)).toBe(true);
    await expectExactlyOnce(id, sim);
    expect(sim.tokensIssued).toBe(1);
    const drive = reads(sim).filter((r) => r.path.includes('/applications/drive'));
    // 130 activities at 25 a page: six pages, the later ones by pageToken of the same window.
    expect(drive).toHaveLength(6);
    expect(drive.slice(1).every((r) => /pageToken=/.test(r.path))).toBe(true);
    // drive 6, login 2, admin 1, token 1 (empty): each window read once, then the poll ends.
    expect(reads(sim)).toHaveLength(10);
    for (const read of reads(sim)) {
      const query = new URL(read.path, sim.url).searchParams;
      expect(query.get('startTime')).not.toBeNull();
      expect(query.get('endTime')).not.toBeNull();
      expect(query.get('maxResults')).toBe('1000');
    }
    expect(await status(id)).toMatchObject({ state: 'idle', lastError: null });
  });

  it('never closes a window still filling: activities that arrive late within the application’s lag are read on the next poll, and what was read before adds nothing', async () => {
    sim = await startGoogleReportsSimulator();
    sim.add('drive', 30);
    sim.add('admin', 10);
    const id = await configure(sim, { applications: ['drive', 'admin'] });
    await collectOnce(collectDeps(t), id);
    await expectExactlyOnce(id, sim);
    // Timed five minutes ago (before that poll), but only listed now.
    sim.addLate('drive', 4, 5 * 60_000);
    sim.addLate('admin', 2, 8 * 60_000);
    sim.add('drive', 3, 1000);
    await makeDue(t, id);
    await collectOnce(collectDeps(t), id);
    await expectExactlyOnce(id, sim);
    // The second poll's window started at most the lag before the first poll's end.
    const second = reads(sim).slice(-2);
    for (const read of second) {
      const start = Date.parse(new URL(read.path, sim.url).searchParams.get('startTime')!);
      expect(Date.now() - start).toBeGreaterThan(8 * 60_000);
      expect(Date.now() - start).toBeLessThan(7 * 86_400_000);
    }
  });

  it('renews a token before it expires and replaces one refused early; keeps Google’s waits (429 and 403 rateLimitExceeded); backs off on a 5xx and a reset mid-body: nothing lost, nothing doubled', async () => {
    sim = await startGoogleReportsSimulator();
    sim.tokenLifetimeSeconds = 2;
    sim.pageSize = 10;
    sim.add('login', 35);
    const id = await configure(sim, { applications: 'login' }, { intervalSeconds: 5 });
    const deps = collectDeps(t);
    await collectOnce(deps, id);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    sim.add('login', 5, 1000);
    await makeDue(t, id);
    await collectOnce(deps, id);
    expect(sim.tokensIssued).toBe(2);
    expect(sim.expiredTokenRefusals).toBe(0);
    sim.tokenLifetimeSeconds = 3599;
    sim.revokeTokens();
    await makeDue(t, id);
    await collectOnce(deps, id);
    expect(sim.expiredTokenRefusals).toBe(1);
    expect(await status(id)).toMatchObject({ state: 'idle', lastError: null });

    const pollWhenAllowed = async () => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const row = await t.db
          .selectFrom('integration_collections')
          .select('wait_until')
          .where('integration_id', '=', id)
          .executeTakeFirstOrThrow();
        if ((row.wait_until ?? 0) <= Date.now()) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await makeDue(t, id);
      await collectOnce(deps, id);
    };
    sim.add('login', 20, 1000);
    sim.throttleNext(1, 429);
    await collectOnce(deps, id);
    expect((await status(id)).lastError).toBe(
      'Google answered 429: a rate limit or quota was reached; Vigil waits before asking again',
    );
    await pollWhenAllowed();
    sim.throttleNext(1, 403);
    await makeDue(t, id);
    await collectOnce(deps, id);
    expect((await status(id)).state).toBe('backing_off');
    await pollWhenAllowed();

    sim.add('login', 25, 1000);
    sim.failNext(1, 503);
    await makeDue(t, id);
    await collectOnce(deps, id);
    expect((await status(id)).lastError).toBe(
      'Google answered 503: The service is currently unavailable',
    );
    sim.resetNextMidBody();
    await makeDue(t, id);
    await collectOnce(deps, id);
    expect((await status(id)).lastError).toMatch(
      /^Google could not be read: the connection to 127\.0\.0\.1:\d+ broke mid-reply/,
    );
    await makeDue(t, id);
    await collectOnce(deps, id);
    await expectExactlyOnce(id, sim);
    expect(await status(id)).toMatchObject({ state: 'idle', lastError: null });
    expect(sim.waits).toHaveLength(2);
    for (const wait of sim.waits) {
      expect(sim.requests.filter((r) => r.at > wait.at && r.at < wait.until)).toEqual([]);
    }
  }, 30_000);

  it('a key that is not the service account’s gives a failing state with the sentence and no crash', async () => {
    sim = await startGoogleReportsSimulator();
    sim.add('login', 3);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrongKey = {
      ...sim.key,
      private_key: other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const id = await configure(sim, { serviceAccountKey: wrongKey });
    await collectOnce(collectDeps(t), id);
    const reply = (await admin.get(`/integrations/${id}/collection`)).body;
    expect(reply.status).toMatchObject({
      state: 'failing',
      lastError:
        'Google’s token endpoint answered 400 (invalid_grant): the service account key is not valid (revoked, deleted, or not this account’s)',
      nextPollAt: null,
    });
    expect(reply.settings.serviceAccountKey).toMatchObject({ set: true });
    expect(JSON.stringify(reply)).not.toContain('PRIVATE KEY');

    // An admin the service account may not act as.
    const wrongAdmin = await configure(sim, { adminEmail: 'someone@elsewhere.example' });
    const test = await admin.post(`/integrations/${wrongAdmin}/collection/test`, {});
    expect(test.body).toEqual({
      ok: false,
      message:
        'Google’s token endpoint answered 400 (invalid_grant): the admin email is not a user of the domain.',
    });
    const right = await configure(sim);
    expect((await admin.post(`/integrations/${right}/collection/test`, {})).body.ok).toBe(true);
    expect((await admin.get('/integrations')).status).toBe(200);
  });

  it('checks the key file, the admin email and the applications before storing them', async () => {
    sim = await startGoogleReportsSimulator();
    const created = await admin.post('/integrations', { name: 'GW', kind: 'google_workspace' });
    const id = created.body.integration.id as string;
    const put = (settings: Record<string, unknown>) =>
      admin.put(`/integrations/${id}/collection`, { enabled: false, settings });
    const key = JSON.stringify(sim.key);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [
        { serviceAccountKey: 'not json', adminEmail: sim.adminEmail },
        /^settings\.serviceAccountKey is not JSON/,
      ],
      [
        { serviceAccountKey: { ...sim.key, private_key: 'nope' }, adminEmail: sim.adminEmail },
        /^settings\.serviceAccountKey has a private_key that is not a PEM private key/,
      ],
      [{ serviceAccountKey: key, adminEmail: 'admin' }, /^settings\.adminEmail must be the email/],
      [
        { serviceAccountKey: key, adminEmail: sim.adminEmail, applications: 'drive,everything' },
        /^settings\.applications takes Reports API application names/,
      ],
    ];
    for (const [settings, message] of cases) {
      const reply = await put(settings);
      expect(reply.status, JSON.stringify(settings).slice(0, 80)).toBe(400);
      expect(reply.body.message).toMatch(message);
      expect(JSON.stringify(reply.body)).not.toContain('PRIVATE KEY');
    }
    const saved = await put({ serviceAccountKey: key, adminEmail: sim.adminEmail });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({
      adminEmail: sim.adminEmail,
      apiUrl: 'https://admin.googleapis.com',
      applications: 'login,drive,admin,token,saml,groups,user_accounts,chat,meet,gmail,rules',
      serviceAccountKey: { set: true, hint: `…${key.slice(-4)}` },
    });
  });
});
