import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/accounts/passwords';
import { seedDemoEmployees } from '../../src/server/demo/demo-employees';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { savePrivacySettings } from '../../src/server/db/queries/privacy-settings';
import { insertUserIfAbsent } from '../../src/server/db/queries/users';
import { defaultPrivacySettings } from '../../src/shared/schemas/privacy';
import { FINDINGS_BENCH_ENDPOINTS } from './finding-endpoints';
import { benchEvents, insertBenchEvents } from './findings-data';
import { percentile } from './percentile';

/** p50/p95 of one finding endpoint. */
export interface EndpointTiming {
  path: string;
  /** The first request, before any repeat (the summary's shared findings are computed here). */
  firstMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** With `privacy`: the same endpoint with pseudonymization off, measured in the same loop. */
  off?: { p50Ms: number; p95Ms: number };
}

/** What the findings bench measured on one engine. */
export interface FindingsBenchResult {
  engine: string;
  events: number;
  insertSeconds: number;
  /** The first finding request builds the subject's rollups (the analysis step). */
  rollupBuildSeconds: number;
  requestsPerEndpoint: number;
  endpoints: EndpointTiming[];
  load: number[];
}

const DAY = 86_400_000;

async function openEngine(
  engine: 'sqlite' | 'postgres',
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-findings-bench-'));
    const handle = openDatabase(path.join(dir, 'bench.db'));
    await migrateToLatest(handle.db, 'sqlite');
    return { handle, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `vigil_findings_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 10 });
  await migrateToLatest(handle.db, 'postgres', 'public');
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Every finding endpoint for a subject with `events` events in the window: the events are
 * written straight into the table, the app answers injected requests (routing, session,
 * validation, audit and serialization included), and each endpoint is timed `requests` times
 * after one warm-up request.
 */
export async function benchFindings(
  engine: 'sqlite' | 'postgres',
  events = 1_000_000,
  requests = 20,
  options: { privacy?: boolean } = {},
): Promise<FindingsBenchResult> {
  const { handle, cleanup } = await openEngine(engine);
  try {
    await seedDemoEmployees(handle.db);
    const end = Math.floor(Date.now() / DAY) * DAY + DAY;
    const started = Date.now();
    const written = await insertBenchEvents(
      handle,
      benchEvents('E1002', 'daniel.reyes@northwind.example', end, events),
      { from: end - 90 * DAY, to: end },
    );
    if (engine === 'postgres') await handle.pool!.query('analyze events');
    const insertSeconds = (Date.now() - started) / 1000;
    const password = 'bench-password-123';
    await insertUserIfAbsent(
      handle.db,
      {
        id: randomUUID(),
        email: 'bench@vigil.test',
        displayName: 'Bench',
        passwordHash: await hashPassword(password),
        now: Date.now(),
      },
      ['analyst'],
    );
    const app = await buildApp({ config: loadConfig({}), database: handle });
    await app.ready();
    const headers = {
      host: 'vigil.test',
      origin: 'http://vigil.test',
      'content-type': 'application/json',
    };
    const login = await app.inject({
      method: 'POST',
      url: '/api/app/auth/login',
      headers,
      payload: { email: 'bench@vigil.test', password },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const created = await app.inject({
      method: 'POST',
      url: '/api/app/investigations',
      headers: { ...headers, cookie },
      payload: {
        title: 'Bench case',
        subjectEmployeeId: 'E1002',
        windowStart: end - 91 * DAY,
        windowEnd: end,
      },
    });
    const id = created.json<{ id: string }>().id;
    await handle.db
      .updateTable('investigations')
      .set({ analysis_state: 'idle' })
      .where('id', '=', id)
      .execute();
    const get = (p: string) =>
      app.inject({
        method: 'GET',
        url: `/api/app/investigations/${id}/${p}`,
        headers: { host: headers.host, cookie },
      });

    const buildStart = Date.now();
    const first = await get('findings/devices');
    if (first.statusCode !== 200) throw new Error(`warm-up failed: ${first.body}`);
    const rollupBuildSeconds = (Date.now() - buildStart) / 1000;

    const endpoints: EndpointTiming[] = [];
    for (const endpoint of FINDINGS_BENCH_ENDPOINTS) {
      const t = performance.now();
      const warm = await get(endpoint);
      const firstMs = Math.round((performance.now() - t) * 10) / 10;
      if (warm.statusCode !== 200)
        throw new Error(`${endpoint} answered ${warm.statusCode}: ${warm.body.slice(0, 300)}`);
      const times: number[] = [];
      const offTimes: number[] = [];
      for (let i = 0; i < requests; i++) {
        // With `privacy`, each round times the endpoint with pseudonymization on and off, in
        // alternating order, so both see the same machine.
        const modes = !options.privacy ? [true] : i % 2 === 0 ? [true, false] : [false, true];
        for (const pseudonymize of modes) {
          if (options.privacy) await setPseudonymize(handle, pseudonymize);
          const t0 = performance.now();
          await get(endpoint);
          (pseudonymize ? times : offTimes).push(performance.now() - t0);
        }
      }
      if (options.privacy) await setPseudonymize(handle, true);
      times.sort((a, b) => a - b);
      offTimes.sort((a, b) => a - b);
      endpoints.push({
        path: endpoint,
        firstMs,
        p50Ms: Math.round(percentile(times, 50) * 10) / 10,
        p95Ms: Math.round(percentile(times, 95) * 10) / 10,
        maxMs: Math.round((times[times.length - 1] ?? 0) * 10) / 10,
        ...(options.privacy
          ? {
              off: {
                p50Ms: Math.round(percentile(offTimes, 50) * 10) / 10,
                p95Ms: Math.round(percentile(offTimes, 95) * 10) / 10,
              },
            }
          : {}),
      });
    }
    await app.close();
    return {
      engine,
      events: written,
      insertSeconds,
      rollupBuildSeconds,
      requestsPerEndpoint: requests,
      endpoints,
      load: os.loadavg(),
    };
  } finally {
    await cleanup();
  }
}

/** Switches pseudonymization for the whole installation, as the privacy settings screen does. */
async function setPseudonymize(handle: DatabaseHandle, on: boolean): Promise<void> {
  await savePrivacySettings(
    handle.db,
    { ...defaultPrivacySettings, pseudonymize: on },
    'bench',
    Date.now(),
  );
}
