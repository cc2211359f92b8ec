import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

import pg from 'pg';

import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/accounts/passwords';
import { runAnalysis } from '../../src/server/analysis/runs/run-analysis';
import { seedDemoEmployees } from '../../src/server/demo/demo-employees';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { insertUserIfAbsent } from '../../src/server/db/queries/users';
import { benchEvents, insertBenchEvents } from './findings-data';

/** One timed download of an export. */
export interface ExportTiming {
  file: string;
  ms: number;
  /** CPU time the process spent (every thread, zlib's included): what a busy machine cannot inflate. */
  cpuMs: number;
  /** The threads that spent 100 ms or more of it, busiest first (Linux only). */
  threads: Array<{ name: string; cpuMs: number }>;
  bytes: number;
  /** The process's largest resident set while the export was made, and how far above its start. */
  peakRssMb: number;
  rssAboveStartMb: number;
  peakHeapMb: number;
}

/** What the report bench measured on one engine. */
export interface ReportBenchResult {
  engine: string;
  events: number;
  insertSeconds: number;
  /** The analysis run and the first finding request (rollups), before anything is timed. */
  analysisSeconds: number;
  rollupSeconds: number;
  incidents: number;
  /** Each export twice: cold (the findings not yet memoized) and warm. */
  exports: ExportTiming[];
  load: number[];
}

const DAY = 86_400_000;
const MB = 1024 * 1024;
const SUBJECT = 'E1002';

async function openEngine(
  engine: 'sqlite' | 'postgres',
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-report-bench-'));
    const handle = openDatabase(path.join(dir, 'bench.db'));
    await migrateToLatest(handle.db, 'sqlite');
    return { handle, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `vigil_report_bench_${Date.now()}`;
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

/** A full garbage collection, so each export starts from the same heap. */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/**
 * CPU time of each of the process's threads so far (Linux: /proc/self/task), by thread id,
 * with its name: which thread's work sets the export's pace on a quiet machine.
 */
function threadCpu(): Map<string, { name: string; ms: number }> {
  const threads = new Map<string, { name: string; ms: number }>();
  const tick = 1000 / 100; // USER_HZ
  let tids: string[];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = tid === String(process.pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      threads.set(tid, { name, ms: (Number(fields[11]) + Number(fields[12])) * tick });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads;
}

/**
 * Downloads one file over a real socket, counting its bytes (and writing them to `save` when
 * given), while sampling the process's memory every 10 ms and its threads' CPU every 100 ms
 * (a worker thread that ends before the download does is counted as last seen).
 */
export async function timedDownload(
  port: number,
  url: string,
  cookie: string,
  save?: string,
): Promise<ExportTiming> {
  collectGarbage();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const threadsBefore = threadCpu();
  const threadsSeen = new Map(threadsBefore);
  let samples = 0;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    if (++samples % 10 === 0) for (const [tid, t] of threadCpu()) threadsSeen.set(tid, t);
  }, 10);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const file = save ? fs.createWriteStream(save) : null;
  const bytes = await new Promise<number>((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: url, headers: { host: 'vigil.test', cookie } },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          let n = 0;
          res.on('data', (chunk: Buffer) => {
            n += chunk.length;
            file?.write(chunk);
          });
          res.on('end', () => (file ? file.end(() => resolve(n)) : resolve(n)));
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  for (const [tid, t] of threadCpu()) threadsSeen.set(tid, t);
  const threads = [...threadsSeen]
    .map(([tid, t]) => ({
      name: t.name,
      cpuMs: Math.round(t.ms - (threadsBefore.get(tid)?.ms ?? 0)),
    }))
    .filter((t) => t.cpuMs >= 100)
    .sort((a, b) => b.cpuMs - a.cpuMs);
  return {
    file: url.split('/').pop()!,
    ms: Math.round(ms),
    cpuMs: Math.round((used.user + used.system) / 1000),
    threads,
    bytes,
    peakRssMb: Math.round(peakRss / MB),
    rssAboveStartMb: Math.round((peakRss - start.rss) / MB),
    peakHeapMb: Math.round(peakHeap / MB),
  };
}

/** Who the bench signs in as, and how its requests look to the app. */
const BENCH_EMAIL = 'bench@vigil.test';
const BENCH_PASSWORD = 'bench-password-123';
export const BENCH_HEADERS = {
  host: 'vigil.test',
  origin: 'http://vigil.test',
  'content-type': 'application/json',
};

/** The bench user's session cookie. */
export async function loginBench(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/app/auth/login',
    headers: BENCH_HEADERS,
    payload: { email: BENCH_EMAIL, password: BENCH_PASSWORD },
  });
  if (reply.statusCode !== 200) throw new Error(`bench login failed: ${reply.body}`);
  return reply.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** The report bench's case, analysed, its rollups built, and the app that made it. */
export interface ReportCase {
  app: Awaited<ReturnType<typeof buildApp>>;
  cookie: string;
  caseId: string;
  events: number;
  incidents: number;
  insertSeconds: number;
  analysisSeconds: number;
  rollupSeconds: number;
}

/**
 * The report bench's case on a migrated, empty database: the demo directory, `events` events
 * of one subject over 90 days written straight into the table, an analyst, a case over the
 * window, its analysis run (timed) and its rollups built by a first finding request (timed).
 * The bench and tests/bench/report-zip.ts both build it here, so they measure the same case.
 */
export async function buildReportCase(
  handle: DatabaseHandle,
  engine: 'sqlite' | 'postgres',
  events: number,
): Promise<ReportCase> {
  await seedDemoEmployees(handle.db);
  const end = Math.floor(Date.now() / DAY) * DAY + DAY;
  const started = Date.now();
  const written = await insertBenchEvents(
    handle,
    benchEvents(SUBJECT, 'daniel.reyes@northwind.example', end, events),
    { from: end - 90 * DAY, to: end },
  );
  if (engine === 'postgres') await handle.pool!.query('analyze events');
  const insertSeconds = (Date.now() - started) / 1000;
  await insertUserIfAbsent(
    handle.db,
    {
      id: randomUUID(),
      email: BENCH_EMAIL,
      displayName: 'Bench',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      now: Date.now(),
    },
    ['analyst'],
  );
  const app = await buildApp({ config: loadConfig({}), database: handle });
  const cookie = await loginBench(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/app/investigations',
    headers: { ...BENCH_HEADERS, cookie },
    payload: {
      title: 'Bench case',
      subjectEmployeeId: SUBJECT,
      windowStart: end - 91 * DAY,
      windowEnd: end,
    },
  });
  const caseId = created.json<{ id: string }>().id;
  const analysisStart = Date.now();
  const analysis = await runAnalysis(handle, caseId);
  const analysisSeconds = (Date.now() - analysisStart) / 1000;
  const rollupStart = Date.now();
  const warm = await app.inject({
    method: 'GET',
    url: `/api/app/investigations/${caseId}/findings/devices`,
    headers: { host: BENCH_HEADERS.host, cookie },
  });
  if (warm.statusCode !== 200) throw new Error(`warm-up failed: ${warm.body}`);
  const rollupSeconds = (Date.now() - rollupStart) / 1000;
  return {
    app,
    cookie,
    caseId,
    events: written,
    incidents: analysis.incidents.produced,
    insertSeconds,
    analysisSeconds,
    rollupSeconds,
  };
}

/**
 * report.pdf and export.zip for a subject with `events` events in the window (DESIGN.md: under
 * 10 s and 300 MB each). The case is built and analysed (buildReportCase, timed apart), then
 * each export is downloaded over HTTP from the app listening on a loopback port: routing,
 * session, audit and streaming included. The ZIP holds a CSV of every one of those events.
 */
export async function benchReport(
  engine: 'sqlite' | 'postgres',
  events = 1_000_000,
): Promise<ReportBenchResult> {
  const { handle, cleanup } = await openEngine(engine);
  try {
    const built = await buildReportCase(handle, engine, events);
    const { app, cookie, caseId } = built;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const exports: ExportTiming[] = [];
    for (const file of ['report.pdf', 'export.zip'])
      for (let i = 0; i < 2; i++)
        exports.push(
          await timedDownload(port, `/api/app/investigations/${caseId}/${file}`, cookie),
        );
    await app.close();
    return {
      engine,
      events: built.events,
      insertSeconds: built.insertSeconds,
      analysisSeconds: built.analysisSeconds,
      rollupSeconds: built.rollupSeconds,
      incidents: built.incidents,
      exports,
      load: os.loadavg(),
    };
  } finally {
    await cleanup();
  }
}
