import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startBoxEventsSimulator } from '../../simulators/box-events-simulator';
import type { BoxEventsSimulator } from '../../simulators/box-events-simulator';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { collectDeps, testSecretKey } from './support/collection-helpers';
import {
  collectionOf,
  configureCollection,
  dueNow,
  expectEachOnce,
  pollAsScheduler,
  storedColumn,
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

const settingsOf = (sim: BoxEventsSimulator) => ({
  clientId: sim.clientId,
  clientSecret: sim.clientSecret,
  enterpriseId: sim.enterpriseId,
  apiUrl: sim.url,
});

const expectExactlyOnce = async (id: string, sim: BoxEventsSimulator) =>
  expectEachOnce(
    await storedColumn(t, id),
    sim.events.map((event) => event.event_id),
  );

const param = (path: string, name: string) => new URL(path, 'http://x').searchParams.get(name);

describe('collecting Box enterprise events', () => {
  it('takes the stream’s position, backfills from admin_logs up to it, then follows admin_logs_streaming: late, duplicated and unordered events stored once', async () => {
    const sim = await startBoxEventsSimulator(230);
    try {
      sim.pageSize = 100;
      const id = await configureCollection(admin, 'box', settingsOf(sim));
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(id, sim);
      const api = sim.requests.filter((r) => r.path.startsWith('/2.0/events'));
      // The position now first, then 3 pages of the backfill and its empty end, then the stream.
      expect(param(api[0]!.path, 'stream_position')).toBe('now');
      expect(param(api[0]!.path, 'stream_type')).toBe('admin_logs_streaming');
      const backfill = api.filter((r) => param(r.path, 'stream_type') === 'admin_logs');
      expect(backfill).toHaveLength(4);
      const after = Date.parse(param(backfill[0]!.path, 'created_after')!);
      expect(Math.abs(after - (Date.now() - 7 * 86_400_000))).toBeLessThan(60_000);
      expect(api.at(-1)!.path).toMatch(/stream_type=admin_logs_streaming/);
      // One token for the whole poll, minted with the enterprise as the subject.
      expect(sim.tokensIssued).toBe(1);
      const form = new URLSearchParams(sim.requests[0]!.body);
      expect(Object.fromEntries(form)).toMatchObject({
        grant_type: 'client_credentials',
        box_subject_type: 'enterprise',
        box_subject_id: sim.enterpriseId,
      });

      // Processed after the first poll, some created two days ago, some twice in the stream.
      sim.addEvents(150, { duplicates: true });
      sim.addEvents(5, { ageMs: 2 * 86_400_000, duplicates: true });
      expect(sim.stream.length).toBeGreaterThan(sim.events.length);
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(id, sim);
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'idle',
        lastError: null,
      });
    } finally {
      await sim.close();
    }
  });

  it('mints a new token when Box answers 401 for an expired one; backs off on a 5xx and a reset mid-body; nothing lost or doubled', async () => {
    const sim = await startBoxEventsSimulator(50);
    try {
      sim.pageSize = 20;
      const id = await configureCollection(admin, 'box', settingsOf(sim));
      const deps = collectDeps(t);
      await collectOnce(deps, id);
      sim.addEvents(90);
      sim.expireTokens();
      sim.failNext(1, 502);
      await dueNow(t, id);
      await collectOnce(deps, id);
      const now = (await collectionOf(admin, id)).status;
      expect(now).toMatchObject({
        state: 'backing_off',
        lastError: 'Box answered 502 (internal_server_error)',
      });
      // The expired token was answered 401 and replaced before the 502.
      expect(sim.requests.filter((r) => r.status === 401)).toHaveLength(1);
      expect(sim.tokensIssued).toBe(2);
      sim.resetNextMidBody();
      await dueNow(t, id);
      await collectOnce(deps, id);
      expect((await collectionOf(admin, id)).status.lastError).toMatch(
        /^Box could not be read: the connection to 127\.0\.0\.1:\d+ broke mid-reply/,
      );
      await dueNow(t, id);
      await collectOnce(deps, id);
      await expectExactlyOnce(id, sim);
    } finally {
      await sim.close();
    }
  });

  it('keeps the wait of a 429 with Retry-After', async () => {
    const sim = await startBoxEventsSimulator(60);
    try {
      sim.pageSize = 20;
      const id = await configureCollection(admin, 'box', settingsOf(sim), { intervalSeconds: 5 });
      const deps = collectDeps(t);
      sim.throttleNext(2);
      await collectOnce(deps, id);
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'backing_off',
        lastError:
          'Box answered 429 (rate_limit_exceeded): a rate limit was reached; Vigil waits as Box asks',
      });
      await pollAsScheduler(
        t,
        deps,
        id,
        sim,
        async () => (await storedColumn(t, id)).length === 60,
      );
      await expectExactlyOnce(id, sim);
      expect(sim.waits).toHaveLength(1);
    } finally {
      await sim.close();
    }
  }, 30_000);

  it('wrong client credentials give a failing state with the sentence, and Test connection says it', async () => {
    const sim = await startBoxEventsSimulator(5);
    try {
      const id = await configureCollection(admin, 'box', {
        ...settingsOf(sim),
        clientSecret: 'not-the-secret-7777',
      });
      await collectOnce(collectDeps(t), id);
      const reply = await collectionOf(admin, id);
      const sentence =
        'Box answered 400 (invalid_client) to the token request: the client ID or secret is not valid, or the app is not authorized in this enterprise (Client Credentials Grant, approved in the Admin Console)';
      expect(reply.status).toMatchObject({
        state: 'failing',
        lastError: sentence,
        nextPollAt: null,
      });
      expect(reply.settings.clientSecret).toEqual({ set: true, hint: '…7777' });
      const tested = await admin.post(`/integrations/${id}/collection/test`, {});
      expect(tested.body).toEqual({ ok: false, message: `${sentence}.` });

      await admin.put(`/integrations/${id}/collection`, { settings: settingsOf(sim) });
      const good = await admin.post(`/integrations/${id}/collection/test`, {});
      expect(good.body).toEqual({
        ok: true,
        message: 'Box answered: the app can read the enterprise’s events.',
      });
      expect((await admin.get('/integrations')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('needs the client ID, secret and enterprise ID; the API URL defaults to Box’s', async () => {
    const created = await admin.post('/integrations', { name: 'Box 2', kind: 'box' });
    const id = created.body.integration.id as string;
    const missing = await admin.put(`/integrations/${id}/collection`, {
      settings: { clientId: 'c', clientSecret: 's' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      'settings.enterpriseId is required: enter the Enterprise ID.',
    );
    const ok = await admin.put(`/integrations/${id}/collection`, {
      enabled: false,
      settings: { clientId: 'c', clientSecret: 'secret-abcd', enterpriseId: '4711' },
    });
    expect(ok.body.settings).toEqual({
      clientId: 'c',
      clientSecret: { set: true, hint: '…abcd' },
      enterpriseId: '4711',
      apiUrl: 'https://api.box.com',
    });
  });
});
