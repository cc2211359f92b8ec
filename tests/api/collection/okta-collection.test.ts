import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import {
  collectDeps,
  configureOkta,
  expectExactlyOnce,
  storedUuids,
  testSecretKey,
} from './support/collection-helpers';
import { startOktaSimulator } from '../../simulators/okta-simulator';
import type { OktaSimulator } from '../../simulators/okta-simulator';

let t: TestApp;
let admin: ApiClient;
let sim: OktaSimulator;

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

const status = async (id: string) => (await admin.get(`/integrations/${id}/collection`)).body;

describe('collecting the Okta System Log', () => {
  it('follows the next links to the end: every event stored once, out of order or not; a second poll adds nothing', async () => {
    sim = await startOktaSimulator(1250);
    sim.pageSize = 200;
    const id = await configureOkta(admin, sim);
    const deps = collectDeps(t);
    expect(await collectOnce(deps, id)).toBe(true);
    await expectExactlyOnce(t, id, sim);
    // 7 pages of events and the empty page that says it is caught up; only links Okta issued.
    expect(sim.requests.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(sim.requests.every((r) => r.issued)).toBe(true);
    expect(sim.requests[0]!.path).toMatch(/since=.*sortOrder=ASCENDING/);
    expect(
      sim.requests.slice(1).every((r) => /after=/.test(r.path) && !/since=/.test(r.path)),
    ).toBe(true);

    const first = await status(id);
    expect(first.status).toMatchObject({ state: 'idle', lastError: null, eventsToday: 1250 });
    expect(first.status.lastSuccessAt).toBeGreaterThan(0);
    expect(first.status.lagSeconds).toBeGreaterThanOrEqual(0);
    expect(first.status.nextPollAt).toBeGreaterThanOrEqual(first.status.lastSuccessAt + 60_000);

    sim.addEvents(30);
    expect(await collectOnce(deps, id)).toBe(true);
    await expectExactlyOnce(t, id, sim);
    // Went on from the saved next link: the first request of the second poll was issued by Okta.
    expect(sim.requests[8]!.path).toMatch(/after=/);
    const runs = (await admin.get(`/integrations/${id}/runs`)).body.runs;
    expect(runs.every((run: { via: string }) => run.via === 'collector')).toBe(true);
    expect(runs.reduce((sum: number, run: { accepted: number }) => sum + run.accepted, 0)).toBe(
      1280,
    );
  });

  it('backs off on a 5xx and a connection reset mid-body, then goes on from the cursor: nothing lost, nothing doubled', async () => {
    sim = await startOktaSimulator(500);
    sim.pageSize = 100;
    const id = await configureOkta(admin, sim);
    const deps = collectDeps(t);

    sim.failNext(1, 503);
    await collectOnce(deps, id);
    let now = await status(id);
    expect(now.status.state).toBe('backing_off');
    expect(now.status.lastError).toBe('Okta answered 503 (E0000009): Internal Server Error');
    expect(now.status.nextPollAt).toBeGreaterThanOrEqual(Date.now() + 59_000);
    expect(await storedUuids(t, id)).toHaveLength(0);

    await collectOnce(deps, id);
    expect(await storedUuids(t, id)).toHaveLength(500);
    // Two pages of new events; the first breaks mid-body.
    sim.addEvents(200);
    sim.resetNextMidBody();
    await collectOnce(deps, id);
    now = await status(id);
    expect(now.status.state).toBe('backing_off');
    expect(now.status.lastError).toMatch(
      /^Okta could not be read: the connection to 127\.0\.0\.1:\d+ broke mid-reply/,
    );
    await collectOnce(deps, id);
    await expectExactlyOnce(t, id, sim);
    expect((await status(id)).status).toMatchObject({ state: 'idle', lastError: null });
  });

  it('keeps the waits Okta asks for: none left in the window, and 429 E0000047', async () => {
    sim = await startOktaSimulator(600);
    sim.pageSize = 100;
    sim.setRateLimit(3, 1500);
    const id = await configureOkta(admin, sim, { intervalSeconds: 5 });
    const deps = collectDeps(t);
    await collectOnce(deps, id);
    // Three requests used the window up: the collector stopped and says until when it waits.
    expect(sim.requests).toHaveLength(3);
    const row = await t.db
      .selectFrom('integration_collections')
      .selectAll()
      .where('integration_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.wait_until).toBe(sim.waits[0]!.until);

    sim.throttleNext(1200);
    // Polled by the scheduler from now on, as the server does: it must honour every wait.
    // Ends as soon as all is stored; the margin is for a CI machine running journeys beside it.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const due = await t.db
        .selectFrom('integration_collections')
        .select(['wait_until', 'next_poll_at'])
        .where('integration_id', '=', id)
        .executeTakeFirstOrThrow();
      if ((due.wait_until ?? 0) <= Date.now() && (due.next_poll_at ?? Infinity) <= Date.now()) {
        await collectOnce(deps, id);
      }
      if ((await storedUuids(t, id)).length === 600 && sim.waits.some((w) => w.status === 429))
        break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await expectExactlyOnce(t, id, sim);
    const throttled = sim.waits.find((w) => w.status === 429)!;
    expect(throttled).toBeDefined();
    for (const wait of sim.waits) {
      const early = sim.requests.filter((r) => r.at > wait.at && r.at < wait.until);
      expect(early, `requests before ${new Date(wait.until).toISOString()}`).toEqual([]);
    }
  }, 90_000);

  it('a wrong token gives a failing state with the sentence, stops polling, and the server goes on', async () => {
    sim = await startOktaSimulator(10);
    const id = await configureOkta(admin, sim, {
      settings: { url: sim.url, token: 'not-the-token-9876' },
    });
    await collectOnce(collectDeps(t), id);
    const reply = await status(id);
    expect(reply.status).toMatchObject({
      state: 'failing',
      lastError: 'Okta answered 401: the API token is not valid or has expired',
      nextPollAt: null,
    });
    expect(reply.settings.token).toEqual({ set: true, hint: '…9876' });
    const audit = await admin.get('/audit', { targetType: 'integration', targetId: id });
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toContain(
      'integration.collection.failing',
    );
    expect((await admin.get('/integrations')).status).toBe(200);

    // The right token starts it again, and the recovery is audited.
    const fixed = await admin.put(`/integrations/${id}/collection`, {
      settings: { url: sim.url, token: sim.token },
    });
    expect(fixed.body.status.nextPollAt).not.toBeNull();
    await collectOnce(collectDeps(t), id);
    expect((await status(id)).status.state).toBe('idle');
    await expectExactlyOnce(t, id, sim);
    const after = await admin.get('/audit', { targetType: 'integration', targetId: id });
    expect(after.body.entries.map((e: { action: string }) => e.action)).toContain(
      'integration.collection.recovered',
    );
  });
});
