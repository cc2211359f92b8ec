import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';

import type { FastifyInstance } from 'fastify';

import type { EventSource } from '../../src/shared/events';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { insertUserIfAbsent } from '../../src/server/db/queries/users';
import { collectOnce } from '../../src/server/ingest/collectors/collect-once';
import { saveCollection } from '../../src/server/ingest/collectors/manage-collection';
import { createIntegration } from '../../src/server/ingest/integrations/manage-integrations';
import { startM365Simulator } from '../simulators/m365-simulator';
import { startOktaSimulator } from '../simulators/okta-simulator';
import type { BenchDatabase, Engine } from './ingest/engines';
import { freshDatabase } from './ingest/engines';
import { cpuSeconds } from './ingest/paths';

/*
 * Collection against push (issue 27): the same records, once collected by Vigil from a vendor
 * simulator on this machine (every request, token and page as the collector makes them, each
 * page committed with its cursor) and once pushed over HTTP to the ingest endpoint in batches of
 * the same size (a shipper pushing what it collected). Fresh database for each; wall time and
 * this process's CPU (the simulators run in it too, so collection's CPU includes theirs).
 */

export interface CollectPath {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  cpuSeconds: number;
}

export interface CollectResult {
  source: 'okta' | 'm365';
  engine: Engine;
  events: number;
  batch: number;
  collect: CollectPath;
  push: CollectPath;
  /** Collected events per second over pushed events per second (aim: at least 0.8). */
  ratio: number;
  /** The same by CPU seconds of this process (push CPU over collect CPU): steadier under load. */
  cpuRatio: number;
  loadAverage: number[];
}

function measure(events: number, started: number, cpuStarted: number): CollectPath {
  const seconds = (performance.now() - started) / 1000;
  return {
    events,
    seconds: Math.round(seconds * 100) / 100,
    eventsPerSecond: Math.round(events / seconds),
    cpuSeconds: Math.round((cpuSeconds() - cpuStarted) * 100) / 100,
  };
}

const secretKey = randomBytes(32).toString('hex');

async function appOn(target: BenchDatabase): Promise<{ app: FastifyInstance; userId: string }> {
  const config = {
    ...loadConfig({}),
    secretKey,
    allowHttpConnectors: true,
  };
  const app = await buildApp({ config, database: target.handle });
  const userId = randomUUID();
  await insertUserIfAbsent(
    target.handle.db,
    {
      id: userId,
      email: 'collect-bench@vigil.test',
      displayName: 'Bench',
      passwordHash: 'not-used',
      now: Date.now(),
    },
    ['admin'],
  );
  return { app, userId };
}

async function pushBatches(
  target: BenchDatabase,
  kind: EventSource,
  batches: unknown[][],
): Promise<CollectPath> {
  const { app, userId } = await appOn(target);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const created = await createIntegration(
      target.handle.db,
      { name: kind, kind, enabled: true, options: { framing: 'auto' } },
      userId,
      Date.now(),
    );
    let events = 0;
    const started = performance.now();
    const cpuStarted = cpuSeconds();
    for (const batch of batches) {
      const reply = await fetch(`${base}/api/app/integrations/${created.row.id}/ingest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(batch),
      });
      const json = (await reply.json()) as { accepted: number; message?: string };
      if (reply.status !== 200) throw new Error(`push ${kind}: ${reply.status} ${json.message}`);
      events += json.accepted;
    }
    return measure(events, started, cpuStarted);
  } finally {
    await app.close();
  }
}

async function collectFrom(
  target: BenchDatabase,
  kind: EventSource,
  settings: Record<string, string>,
): Promise<CollectPath> {
  const { app, userId } = await appOn(target);
  try {
    const { db } = target.handle;
    const created = await createIntegration(
      db,
      { name: kind, kind, enabled: true, options: { framing: 'auto' } },
      userId,
      Date.now(),
    );
    await saveCollection(
      db,
      app.collection.secretBox,
      created.row,
      { enabled: true, intervalSeconds: 60, backfillDays: 7, settings },
      true,
      Date.now(),
    );
    const started = performance.now();
    const cpuStarted = cpuSeconds();
    await collectOnce(
      {
        database: target.handle,
        secretBox: app.collection.secretBox,
        allowInsecure: true,
        owner: `bench/${process.pid}/${randomUUID()}`,
        leaseMs: 60_000,
        log: app.log,
        stopping: () => false,
      },
      created.row.id,
    );
    const stored = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('integration_id', '=', created.row.id)
      .executeTakeFirstOrThrow();
    return measure(Number(stored.n), started, cpuStarted);
  } finally {
    await app.close();
  }
}

function compare(
  source: CollectResult['source'],
  engine: Engine,
  batch: number,
  collect: CollectPath,
  push: CollectPath,
): CollectResult {
  if (collect.events !== push.events) {
    throw new Error(`${source}: collected ${collect.events} events but pushed ${push.events}`);
  }
  return {
    source,
    engine,
    events: collect.events,
    batch,
    collect,
    push,
    ratio: Math.round((collect.eventsPerSecond / push.eventsPerSecond) * 100) / 100,
    cpuRatio: Math.round((push.cpuSeconds / Math.max(collect.cpuSeconds, 0.01)) * 100) / 100,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** Okta System Log: pages of 1000 events (Okta's largest), the same batches pushed. */
async function okta(engine: Engine, count: number): Promise<CollectResult> {
  const sim = await startOktaSimulator(count);
  try {
    const batches: unknown[][] = [];
    for (let i = 0; i < sim.events.length; i += sim.pageSize) {
      batches.push(sim.events.slice(i, i + sim.pageSize));
    }
    const run = async <T>(fn: (db: BenchDatabase) => Promise<T>) => {
      const db = await freshDatabase(engine);
      try {
        return await fn(db);
      } finally {
        await db.cleanup();
      }
    };
    const push = await run((db) => pushBatches(db, 'okta', batches));
    const collect = await run((db) => collectFrom(db, 'okta', { url: sim.url, token: sim.token }));
    return compare('okta', engine, sim.pageSize, collect, push);
  } finally {
    await sim.close();
  }
}

/** Microsoft 365: blobs of `perBlob` records in five content types, each blob pushed as a batch. */
async function m365(engine: Engine, count: number, perBlob: number): Promise<CollectResult> {
  const sim = await startM365Simulator();
  try {
    sim.pageSize = 200;
    const types = [
      'Audit.SharePoint',
      'Audit.Exchange',
      'Audit.AzureActiveDirectory',
      'Audit.General',
      'DLP.All',
    ];
    const blobs = Math.ceil(count / perBlob);
    types.forEach((type, n) => {
      const share = Math.floor(blobs / types.length) + (n < blobs % types.length ? 1 : 0);
      if (share > 0) sim.publish(type, share, perBlob);
    });
    const batches = sim.blobs.map((blob) => blob.records);
    const run = async <T>(fn: (db: BenchDatabase) => Promise<T>) => {
      const db = await freshDatabase(engine);
      try {
        return await fn(db);
      } finally {
        await db.cleanup();
      }
    };
    const push = await run((db) => pushBatches(db, 'm365', batches));
    const collect = await run((db) =>
      collectFrom(db, 'm365', {
        tenantId: sim.tenantId,
        clientId: sim.clientId,
        clientSecret: sim.clientSecret,
        loginUrl: sim.url,
        apiUrl: sim.url,
      }),
    );
    return compare('m365', engine, perBlob, collect, push);
  } finally {
    await sim.close();
  }
}

/** `npm run bench -- collect`: Okta and Microsoft 365 collection against push, per engine. */
export async function benchCollect(log: (line: string) => void): Promise<CollectResult[]> {
  const count = Number(process.env.BENCH_COLLECT_EVENTS ?? 20_000);
  const perBlob = Number(process.env.BENCH_COLLECT_BLOB ?? 200);
  const engines = (process.env.BENCH_COLLECT_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
  const results: CollectResult[] = [];
  for (const engine of engines) {
    for (const source of ['okta', 'm365'] as const) {
      log(
        `Collect: ${count.toLocaleString('en-US')} ${source} records collected vs pushed on ${engine}…`,
      );
      const r = source === 'okta' ? await okta(engine, count) : await m365(engine, count, perBlob);
      log(
        `  collect ${r.collect.eventsPerSecond} events/s (${r.collect.seconds} s, CPU ${r.collect.cpuSeconds} s); push ${r.push.eventsPerSecond} events/s (${r.push.seconds} s, CPU ${r.push.cpuSeconds} s) in batches of ${r.batch}: ratio ${r.ratio} (by CPU ${r.cpuRatio}); load average ${r.loadAverage.join(' ')}`,
      );
      results.push(r);
    }
  }
  return results;
}
