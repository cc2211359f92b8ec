import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startSlackAuditSimulator } from '../../simulators/slack-audit-simulator';
import type { SlackAuditSimulator } from '../../simulators/slack-audit-simulator';
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

const configure = (
  sim: SlackAuditSimulator,
  body: Record<string, unknown> = {},
  token = sim.token,
) => configureCollection(admin, 'slack', { token, apiUrl: sim.url }, body);

const expectExactlyOnce = async (id: string, sim: SlackAuditSimulator) =>
  expectEachOnce(
    await storedColumn(t, id),
    sim.entries.map((entry) => entry.id),
  );

/** The `latest` of a request, in epoch seconds. */
const latestOf = (path: string) => Number(new URL(path, 'http://x').searchParams.get('latest'));
const oldestOf = (path: string) => Number(new URL(path, 'http://x').searchParams.get('oldest'));

describe('collecting the Slack Audit Logs API', () => {
  it('pages newest first by cursor through entries that share seconds across page boundaries; the next window re-reads the last seconds, so same-second and late entries are kept, once', async () => {
    const sim = await startSlackAuditSimulator(100);
    try {
      // 7 to a page, 3 entries a second: most page boundaries fall inside a second.
      sim.pageSize = 7;
      const id = await configure(sim);
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(id, sim);
      expect(sim.requests).toHaveLength(15);
      expect(sim.requests.every((r) => r.status === 200)).toBe(true);
      const first = sim.requests[0]!.path;
      expect(first).not.toMatch(/cursor=/);
      expect(oldestOf(first)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 7 * 86_400 + 1);
      // Every later page of the window is Slack's cursor with the same oldest and latest.
      for (const r of sim.requests.slice(1)) {
        expect(r.path).toMatch(/cursor=/);
        expect(latestOf(r.path)).toBe(latestOf(first));
      }
      const status = (await collectionOf(admin, id)).status;
      expect(status).toMatchObject({ state: 'idle', lastError: null, eventsToday: 100 });

      // After the read: entries of the window's last second (stored late), an old late entry
      // inside the trailing window, one entry served twice, and new ones.
      const end = latestOf(first);
      sim.addEntries(4, { second: end });
      sim.addEntries(2, { second: end - 120 });
      sim.duplicate(sim.entries[10]!);
      sim.addEntries(20);
      const served = sim.requests.length;
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(id, sim);
      expect(oldestOf(sim.requests[served]!.path)).toBeLessThanOrEqual(end - 120);
      expect((await storedColumn(t, id)).length).toBe(126);
    } finally {
      await sim.close();
    }
  });

  it('backs off on a 5xx and a connection reset mid-body, starts the window again when Slack’s cursor lapsed, and loses or doubles nothing', async () => {
    const sim = await startSlackAuditSimulator(60);
    try {
      sim.pageSize = 10;
      const id = await configure(sim);
      const deps = collectDeps(t);
      sim.failNext(1, 503);
      await collectOnce(deps, id);
      let now = (await collectionOf(admin, id)).status;
      expect(now).toMatchObject({
        state: 'backing_off',
        lastError: 'Slack answered 503 (fatal_error)',
      });
      expect(now.nextPollAt).toBeGreaterThanOrEqual(Date.now() + 59_000);

      // Stopped after two pages (the server closing): the window and cursor are saved.
      let pages = 0;
      await collectOnce({ ...deps, stopping: () => (pages += 1) > 2 }, id);
      expect((await storedColumn(t, id)).length).toBe(20);
      sim.expireCursors();
      sim.resetNextMidBody();
      await dueNow(t, id);
      await collectOnce(deps, id);
      now = (await collectionOf(admin, id)).status;
      expect(now.state).toBe('backing_off');
      expect(now.lastError).toMatch(
        /^Slack could not be read: the connection to 127\.0\.0\.1:\d+ broke mid-reply/,
      );
      await dueNow(t, id);
      await collectOnce(deps, id);
      await expectExactlyOnce(id, sim);
      expect(sim.requests.some((r) => r.status === 400)).toBe(true);
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'idle',
        lastError: null,
      });
    } finally {
      await sim.close();
    }
  });

  it('keeps the wait of a 429 with Retry-After (the organization’s limit): no request before it ends', async () => {
    const sim = await startSlackAuditSimulator(40);
    try {
      sim.pageSize = 10;
      const id = await configure(sim, { intervalSeconds: 5 });
      const deps = collectDeps(t);
      sim.throttleNext(2);
      await collectOnce(deps, id);
      const waiting = (await collectionOf(admin, id)).status;
      expect(waiting).toMatchObject({
        state: 'backing_off',
        lastError:
          'Slack answered 429 (ratelimited): the organization’s Audit Logs rate limit is used up; Vigil waits as Slack asks',
      });
      const waitUntil = await storedWaitUntil(t, id);
      expect(waitUntil).toBeGreaterThanOrEqual(sim.waits[0]!.until);
      await pollAsScheduler(
        t,
        deps,
        id,
        sim,
        async () => (await storedColumn(t, id)).length === 40,
      );
      await expectExactlyOnce(id, sim);
      expect(sim.requests[1]!.at).toBeGreaterThanOrEqual(sim.waits[0]!.until);
    } finally {
      await sim.close();
    }
  }, 30_000);

  it('a wrong token gives a failing state with the sentence, stops, and the server goes on', async () => {
    const sim = await startSlackAuditSimulator(5);
    try {
      const id = await configure(sim, {}, 'xoxp-not-the-token-4321');
      await collectOnce(collectDeps(t), id);
      const reply = await collectionOf(admin, id);
      expect(reply.status).toMatchObject({
        state: 'failing',
        lastError: 'Slack answered 401 (invalid_auth): the token is not valid or has been revoked',
        nextPollAt: null,
      });
      expect(reply.settings).toMatchObject({
        token: { set: true, hint: '…4321' },
        apiUrl: sim.url,
      });
      expect(JSON.stringify(reply)).not.toContain('not-the-token');
      const tested = await admin.post(`/integrations/${id}/collection/test`, {});
      expect(tested.body).toEqual({
        ok: false,
        message: 'Slack answered 401 (invalid_auth): the token is not valid or has been revoked.',
      });
      expect((await admin.get('/integrations')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('takes a token and an optional API URL (Slack’s public host by default), nothing else', async () => {
    const created = await admin.post('/integrations', { name: 'Slack 2', kind: 'slack' });
    const id = created.body.integration.id as string;
    const missing = await admin.put(`/integrations/${id}/collection`, { settings: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      'settings.token is required: enter the User token (xoxp-, auditlogs:read).',
    );
    const ok = await admin.put(`/integrations/${id}/collection`, {
      enabled: false,
      settings: { token: 'xoxp-1-2-3-abcd' },
    });
    expect(ok.body.settings).toEqual({
      token: { set: true, hint: '…abcd' },
      apiUrl: 'https://api.slack.com',
    });
  });
});
