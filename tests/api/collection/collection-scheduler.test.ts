import { randomUUID } from 'node:crypto';

import { afterAll, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { collectionSchedulerPlugin } from '../../../src/server/ingest/collectors/collection-scheduler-plugin';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import {
  collectDeps,
  configureOkta,
  expectExactlyOnce,
  storedUuids,
  testSecretKey,
} from './support/collection-helpers';
import { startOktaSimulator } from '../../simulators/okta-simulator';

const key = testSecretKey();
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
});

/** An app that runs the collection scheduler, as the server does (faster, for the test). */
async function collectingApp(database?: TestApp['database']): Promise<TestApp> {
  const app = await startTestApp(
    { secretKey: key, allowHttpConnectors: true },
    {
      ...(database ? { database } : {}),
      register: async (fastify) => {
        await fastify.register(collectionSchedulerPlugin, {
          tickMs: 20,
          // Long enough that a loaded CI machine's stalled event loop cannot let it lapse mid-poll.
          leaseMs: 15_000,
          owner: `test-host/${process.pid}/${randomUUID()}`,
        });
      },
    },
  );
  apps.push(app);
  return app;
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the collection scheduler', () => {
  it('polls a new collection at once; Poll now answers 202 and brings new events; Pause stops it', async () => {
    const t = await collectingApp();
    const admin = await t.signInAs('admin');
    const sim = await startOktaSimulator(120);
    try {
      const id = await configureOkta(admin, sim, { intervalSeconds: 3600 });
      await until(async () => (await storedUuids(t, id)).length === 120);
      const requests = sim.requests.length;
      sim.addEvents(15);
      const run = await admin.post(`/integrations/${id}/collection/run`, {});
      expect(run.status).toBe(202);
      await until(
        async () =>
          (await storedUuids(t, id)).length === 135 &&
          (await admin.get(`/integrations/${id}/collection`)).body.status.state === 'idle',
      );
      await expectExactlyOnce(t, id, sim);
      expect(sim.requests.length).toBeGreaterThan(requests);
      const health = (await admin.get(`/integrations/${id}/collection`)).body.status;
      expect(health).toMatchObject({ state: 'idle', eventsToday: 135, lastError: null });

      const paused = await admin.put(`/integrations/${id}/collection`, {
        enabled: false,
        intervalSeconds: 5,
        settings: { url: sim.url },
      });
      expect(paused.body.status).toMatchObject({ state: 'paused', nextPollAt: null });
      const before = sim.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sim.requests.length).toBe(before);
    } finally {
      await sim.close();
    }
  });

  it('two collectors asked at the same moment: one takes the lease, the other leaves the integration alone', async () => {
    const t = await startTestApp({ secretKey: key, allowHttpConnectors: true });
    apps.push(t);
    const admin = await t.signInAs('admin');
    const sim = await startOktaSimulator(300);
    try {
      sim.pageSize = 50;
      sim.delayMs = 10;
      const id = await configureOkta(admin, sim, { enabled: false });
      await admin.put(`/integrations/${id}/collection`, {
        settings: { url: sim.url },
      });
      // Past the first page, so the three would all read the vendor if the lease let them.
      await collectOnce(collectDeps(t), id);
      sim.addEvents(300);
      sim.maxInFlight = 0;
      const ran = await Promise.all([
        collectOnce(collectDeps(t), id),
        collectOnce(collectDeps(t), id),
        collectOnce(collectDeps(t), id),
      ]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(sim.maxInFlight).toBe(1);
      await expectExactlyOnce(t, id, sim);
    } finally {
      await sim.close();
    }
  });

  it.runIf(testDialect() === 'postgres')(
    'two servers on one PostgreSQL never collect one integration at once, and store everything once',
    async () => {
      const a = await collectingApp();
      const b = await collectingApp(
        openDatabase(inject('pgUrl'), { schema: a.database.schema!, poolSize: 4 }),
      );
      const adminA = await a.signInAs('admin');
      const adminB = await b.signInAs('admin');
      const sim = await startOktaSimulator(1500);
      try {
        sim.pageSize = 100;
        sim.delayMs = 15;
        const id = await configureOkta(adminA, sim, { intervalSeconds: 5 });
        // Both are asked to poll, again and again, while the backfill runs.
        for (let i = 0; i < 10; i += 1) {
          await adminA.post(`/integrations/${id}/collection/run`, {});
          await adminB.post(`/integrations/${id}/collection/run`, {});
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
        await until(async () => (await storedUuids(a, id)).length === 1500);
        await expectExactlyOnce(a, id, sim);
        expect(sim.maxInFlight).toBe(1);
        const owners = await a.db
          .selectFrom('ingest_runs')
          .select('owner')
          .where('integration_id', '=', id)
          .execute();
        expect(owners.length).toBeGreaterThan(0);
      } finally {
        await sim.close();
      }
    },
    30_000,
  );
});
