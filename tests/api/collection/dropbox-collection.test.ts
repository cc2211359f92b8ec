import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startDropboxTeamLogSimulator } from '../../simulators/dropbox-team-log-simulator';
import type { DropboxTeamLogSimulator } from '../../simulators/dropbox-team-log-simulator';
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

const settingsOf = (sim: DropboxTeamLogSimulator) => ({
  appKey: sim.appKey,
  appSecret: sim.appSecret,
  refreshToken: sim.refreshToken,
  apiUrl: sim.url,
});

/** Dropbox events have no id: each simulated one names a file of its own. */
const expectExactlyOnce = async (id: string, sim: DropboxTeamLogSimulator) =>
  expectEachOnce(
    await storedColumn(t, id, 'file_id'),
    sim.events.map((event) => String(event.assets[0]!.file_id)),
  );

const apiRequests = (sim: DropboxTeamLogSimulator) =>
  sim.requests.filter((r) => r.path.startsWith('/2/'));

describe('collecting the Dropbox team log', () => {
  it('get_events from the backfill, then continue with each cursor while has_more (an empty page included); the next poll follows the last cursor and finds late events', async () => {
    const sim = await startDropboxTeamLogSimulator(250);
    try {
      sim.pageSize = 100;
      const id = await configureCollection(admin, 'dropbox', settingsOf(sim));
      sim.emptyPageNext();
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(id, sim);
      const api = apiRequests(sim);
      expect(api.map((r) => r.path)).toEqual([
        '/2/team_log/get_events',
        ...Array<string>(3).fill('/2/team_log/get_events/continue'),
      ]);
      const first = JSON.parse(api[0]!.body) as { time: { start_time: string } };
      expect(first.time.start_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(
        Math.abs(Date.parse(first.time.start_time) - (Date.now() - 7 * 86_400_000)),
      ).toBeLessThan(60_000);
      // The refresh-token grant with the app's key and secret.
      expect(Object.fromEntries(new URLSearchParams(sim.requests[0]!.body))).toEqual({
        grant_type: 'refresh_token',
        refresh_token: sim.refreshToken,
        client_id: sim.appKey,
        client_secret: sim.appSecret,
      });

      sim.addEvents(30);
      sim.addEvents(3, { ageMs: 3 * 3_600_000 });
      const served = apiRequests(sim).length;
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(id, sim);
      expect(apiRequests(sim)[served]!.path).toBe('/2/team_log/get_events/continue');
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'idle',
        eventsToday: 283,
      });
    } finally {
      await sim.close();
    }
  });

  it('a reset cursor starts again with get_events from the timestamp Dropbox names; what is read twice is kept once', async () => {
    const sim = await startDropboxTeamLogSimulator(120);
    try {
      sim.pageSize = 50;
      const id = await configureCollection(admin, 'dropbox', settingsOf(sim));
      const deps = collectDeps(t);
      await collectOnce(deps, id);
      sim.addEvents(40);
      const resetAt = sim.events[100]!.timestamp;
      sim.resetCursors(resetAt);
      const served = apiRequests(sim).length;
      await dueNow(t, id);
      await collectOnce(deps, id);
      await expectExactlyOnce(id, sim);
      const after = apiRequests(sim).slice(served);
      expect(after[0]).toMatchObject({ path: '/2/team_log/get_events/continue', status: 409 });
      expect(after[1]!.path).toBe('/2/team_log/get_events');
      expect(JSON.parse(after[1]!.body).time.start_time).toBe(resetAt);
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'idle',
        lastError: null,
      });
    } finally {
      await sim.close();
    }
  });

  it('refreshes an expired access token; backs off on a 5xx and a reset mid-body; nothing lost or doubled', async () => {
    const sim = await startDropboxTeamLogSimulator(80);
    try {
      sim.pageSize = 30;
      const id = await configureCollection(admin, 'dropbox', settingsOf(sim));
      const deps = collectDeps(t);
      sim.failNext(1, 500);
      await collectOnce(deps, id);
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'backing_off',
        lastError: 'Dropbox answered 500',
      });
      sim.expireTokens();
      sim.resetNextMidBody();
      await dueNow(t, id);
      await collectOnce(deps, id);
      expect((await collectionOf(admin, id)).status.lastError).toMatch(
        /^Dropbox could not be read: the connection to 127\.0\.0\.1:\d+ broke mid-reply/,
      );
      expect(sim.requests.filter((r) => r.status === 401)).toHaveLength(1);
      expect(sim.tokensIssued).toBe(2);
      await dueNow(t, id);
      await collectOnce(deps, id);
      await expectExactlyOnce(id, sim);
    } finally {
      await sim.close();
    }
  });

  it('keeps the wait of a 429 with Retry-After', async () => {
    const sim = await startDropboxTeamLogSimulator(60);
    try {
      sim.pageSize = 20;
      const id = await configureCollection(admin, 'dropbox', settingsOf(sim), {
        intervalSeconds: 5,
      });
      const deps = collectDeps(t);
      await collectOnce({ ...deps, stopping: () => apiRequests(sim).length >= 1 }, id);
      sim.throttleNext(2);
      await dueNow(t, id);
      await collectOnce(deps, id);
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'backing_off',
        lastError:
          'Dropbox answered 429 (too_many_requests): a rate limit was reached; Vigil waits as Dropbox asks',
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

  it('counts the wait of a 429 on the token endpoint from Dropbox’s answer, not from the request', async () => {
    const sim = await startDropboxTeamLogSimulator(5);
    try {
      const id = await configureCollection(admin, 'dropbox', settingsOf(sim));
      // Answered 300 ms after it came: a wait counted from the request would end that early.
      sim.throttleTokenNext(2, 300);
      await collectOnce(collectDeps(t), id);
      expect((await collectionOf(admin, id)).status).toMatchObject({
        state: 'backing_off',
        lastError:
          'Dropbox answered 429 to the token request: a rate limit was reached; Vigil waits as Dropbox asks',
      });
      expect(sim.waits).toHaveLength(1);
      const waitUntil = await storedWaitUntil(t, id);
      expect(waitUntil).toBeGreaterThanOrEqual(sim.waits[0]!.until);
      expect(waitUntil).toBeLessThan(sim.waits[0]!.until + 1000);
    } finally {
      await sim.close();
    }
  });

  it('a wrong refresh token gives a failing state with the sentence and no crash', async () => {
    const sim = await startDropboxTeamLogSimulator(5);
    try {
      const id = await configureCollection(admin, 'dropbox', {
        ...settingsOf(sim),
        refreshToken: 'revoked-refresh-token-5555',
      });
      await collectOnce(collectDeps(t), id);
      const reply = await collectionOf(admin, id);
      expect(reply.status).toMatchObject({
        state: 'failing',
        lastError:
          'Dropbox answered 400 (invalid_grant) to the token request: the refresh token is not valid or was revoked, or the app key or secret is wrong',
        nextPollAt: null,
      });
      expect(reply.settings).toMatchObject({
        appKey: sim.appKey,
        appSecret: { set: true },
        refreshToken: { set: true, hint: '…5555' },
      });
      expect(JSON.stringify(reply)).not.toContain(sim.appSecret);
      expect((await admin.get('/integrations')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
