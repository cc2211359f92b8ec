import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

import pg from 'pg';

import { runDetectionPass } from '../../src/server/analysis/alerts/detection-pass';
import { runAnalysis } from '../../src/server/analysis/runs/run-analysis';
import { hashPassword } from '../../src/server/accounts/passwords';
import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import {
  countDetectionQueue,
  queueActivePeople,
} from '../../src/server/db/queries/detection-queue';
import { insertUserIfAbsent } from '../../src/server/db/queries/users';
import { generate } from '../../src/server/demo/generator/index';
import { newTally, tallyEntry } from '../../src/server/demo/generator/manifest';
import { ingestGeneratedDataset } from '../../src/server/demo/load-dataset';
import { withEventIndexesDeferred } from '../../src/server/ingest/pipeline/first-load';
import { ingest } from '../../src/server/ingest/pipeline/ingest';
import { eventBytes, partitionPlans } from './scale-measure-db';
import type { EventBytes, PartitionPlan } from './scale-measure-db';
import { processCpuSeconds } from './process-cpu';
import { measureRound, signIn, timeGet } from './scale-http';
import type { HttpRound, Server, Timing } from './scale-http';

/**
 * `npm run bench -- scale`: an organization of 10,000 people and 10 million events over 90 days,
 * generated as a stream by the project's generator and ingested through the real pipeline
 * (parsers, identity joins, staging, the detection queue) into its own database, then measured
 * with one Vigil process and again with two sharing the database. Not part of `npm test`.
 *
 *   npm run bench -- scale                               10,000 people, 10M events, PostgreSQL
 *   npm run bench -- scale --events 1000000              a smaller run: 1,000 people, a thousand
 *                                                        events each over 90 days, as at 10M
 *   npm run bench -- scale --events 3000000 --employees 10000   more people, thinner history
 *   (--days N, --requests N: repeats of each timed request, default 20; --database NAME: the
 *   PostgreSQL database to make and drop, default scale_bench; --keep: leave it, to EXPLAIN)
 *   npm run bench -- scale --engine sqlite --events 3000000   SQLite (one process only)
 *
 * PostgreSQL: database `scale_bench` (or --database) on VIGIL_TEST_PG_URL's server, dropped at the end (also
 * when the run fails). SQLite: a file under the system's temporary folder, removed at the end.
 */
export interface ScaleOptions {
  engine: 'sqlite' | 'postgres';
  events: number;
  employees: number;
  days: number;
  /** Repeats of each timed request. */
  requests: number;
  /** The PostgreSQL database the bench makes and drops (default `scale_bench`). */
  database: string;
  /** Leave the PostgreSQL database in place after the run, to EXPLAIN its queries (`--keep`). */
  keep: boolean;
}

export interface ScaleResult {
  options: ScaleOptions;
  /** Generator rate chosen (events per person per working day) for the target event count. */
  eventsPerWorkday: number;
  events: number;
  people: number;
  ingest: {
    seconds: number;
    eventsPerSecond: number;
    /** eventsPerSecond over the machine's cores (Node, its parse worker and the database share them). */
    eventsPerSecondPerCore: number;
    /** The bench process's own CPU (main thread and parse worker), the database's not included. */
    nodeCpuSeconds: number;
    peakRssMb: number;
    /** Indexes of events set aside during the load and built after it, and the build's seconds. */
    indexesDeferred: number;
    indexBuildSeconds: number;
  };
  bytes: EventBytes & { tablePerEvent: number; indexPerEvent: number; databasePerEvent: number };
  detection: {
    /** cpuSeconds: the detecting process's own CPU, its start included (SQLite: all the work). */
    onePerson: {
      seconds: number;
      cpuSeconds: number;
      people: number;
      alerts: number;
      failed: number;
    };
    push: {
      events: number;
      people: number;
      ingestMs: number;
      detectionMs: number;
      ingestCpuMs: number;
      detectionCpuMs: number;
    };
  };
  busiest: { employeeId: string; events: number };
  /** analysisCpuSeconds: the bench process's; rollupCpuSeconds: the serving process's. */
  case: {
    analysisSeconds: number;
    analysisCpuSeconds: number;
    rollupSeconds: number;
    rollupCpuSeconds: number | null;
  };
  oneProcess: HttpRound;
  twoProcesses: {
    detection: { seconds: number; people: number; perProcess: number[] } | null;
    rounds: HttpRound[];
  } | null;
  plans: PartitionPlan[];
  load: { start: number[]; afterIngest: number[]; end: number[] };
  totalSeconds: number;
}

const DAY = 86_400_000;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const PASSWORD = 'bench-password-123';
const EMAIL = 'scale-bench@vigil.test';

/** Reads `--name value` from the command line, else the environment, else the default. */
export function scaleOptionsFrom(argv: readonly string[]): ScaleOptions {
  const flag = (name: string, env: string, fallback: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 && argv[at + 1] ? argv[at + 1]! : (process.env[env] ?? fallback);
  };
  const engine = flag('engine', 'BENCH_SCALE_ENGINE', 'postgres');
  if (engine !== 'postgres' && engine !== 'sqlite')
    throw new Error(`--engine must be postgres or sqlite, got ${engine}`);
  const number = (name: string, env: string, fallback: number) => {
    const n = Number(flag(name, env, String(fallback)));
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
    return n;
  };
  const events = number('events', 'BENCH_SCALE_EVENTS', 10_000_000);
  return {
    engine,
    events,
    // A thousand events a person by default, as 10M over 10,000 people: a smaller run keeps
    // each person's history (and so the busiest case) the same size.
    employees: number('employees', 'BENCH_SCALE_EMPLOYEES', Math.max(1, Math.round(events / 1000))),
    days: number('days', 'BENCH_SCALE_DAYS', 90),
    requests: number('requests', 'BENCH_SCALE_REQUESTS', 20),
    database: flag('database', 'BENCH_SCALE_DATABASE', 'scale_bench'),
    keep: argv.includes('--keep'),
  };
}

interface Store {
  handle: DatabaseHandle;
  url: string;
  drop(): Promise<void>;
}

/** The bench's own database: `scale_bench` on PostgreSQL (replaced if left over), or a file. */
async function openStore(
  engine: 'sqlite' | 'postgres',
  database: string,
  keep: boolean,
): Promise<Store> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-bench-'));
    const url = path.join(dir, 'scale.db');
    const handle = openDatabase(url);
    await migrateToLatest(handle.db, 'sqlite');
    return {
      handle,
      url,
      drop: async () => {
        await handle.close().catch(() => undefined);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const admin = process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  if (!/^[a-z_][a-z0-9_]*$/.test(database))
    throw new Error(`--database must be a plain lower-case name, got ${database}`);
  await adminQuery(`drop database if exists ${database} with (force)`);
  await adminQuery(`create database ${database}`);
  const target = new URL(admin);
  target.pathname = `/${database}`;
  const url = target.toString();
  const handle = openDatabase(url, { poolSize: 10 });
  await migrateToLatest(handle.db, 'postgres', 'public');
  return {
    handle,
    url,
    drop: async () => {
      handle.pool?.on('error', () => undefined);
      await handle.close().catch(() => undefined);
      if (!keep) await adminQuery(`drop database if exists ${database} with (force)`);
    },
  };
}

const CHILD = path.resolve('tests/bench/scale-child.ts');

/** Starts a Vigil process on the database; resolves with its first JSON line and the process. */
function startChild(
  mode: 'serve' | 'detect',
  url: string,
): { child: ChildProcess; first: Promise<Record<string, number>> } {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, url], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'error', VIGIL_PRETTY_LOGS: 'false' },
  });
  const first = new Promise<Record<string, number>>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as Record<string, number>;
        if (parsed.port !== undefined || parsed.seconds !== undefined) resolve(parsed);
      } catch {
        // a log line
      }
    });
    child.on('exit', (code) => reject(new Error(`scale-child ${mode} exited with ${code}`)));
  });
  return { child, first };
}

/** Detection over the queue by `processes` Vigil processes at once; wall time of the slowest. */
async function detectInProcesses(url: string, processes: number) {
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: processes }, () => startChild('detect', url).first),
  );
  return {
    wallSeconds: round((performance.now() - started) / 1000),
    seconds: round(Math.max(...outcomes.map((o) => o.seconds!))),
    cpuSeconds: round(Math.max(...outcomes.map((o) => o.cpuSeconds ?? 0))),
    people: outcomes.reduce((sum, o) => sum + o.people!, 0),
    perProcess: outcomes.map((o) => o.people!),
    failed: outcomes.reduce((sum, o) => sum + o.failed!, 0),
  };
}

/** Events a generated sample of `employees` people over two weeks gives at a rate. */
function sampleEvents(employees: number, rate: number): number {
  const dataset = generate({
    seed: 30,
    employees,
    days: 14,
    eventsPerWorkday: rate,
    scenarios: [],
  });
  const tally = newTally();
  for (const stream of dataset.sources)
    for (const entry of stream.entries()) tallyEntry(tally, stream.emitter, entry);
  return Object.values(tally.events).reduce((a, b) => a + b, 0);
}

/**
 * The generator's rate for about `events` events: some sources log a fixed amount a day
 * whatever the rate (sign-ins, device check-ins), so events are a + b * rate per person-day;
 * two small samples without storylines give a and b (about 3.7 and 0.61). Below the floor (a
 * with no rate) the rate is its least.
 */
export function rateFor(events: number, employees: number, days: number): number {
  const sampleEmployees = Math.min(employees, 40);
  const low = sampleEvents(sampleEmployees, 5) / (sampleEmployees * 14);
  const high = sampleEvents(sampleEmployees, 45) / (sampleEmployees * 14);
  const slope = (high - low) / 40;
  const floor = low - 5 * slope;
  const wanted = events / (employees * days);
  return Math.min(2000, Math.max(0.1, round((wanted - floor) / slope, 2)));
}

async function count(handle: DatabaseHandle, table: 'events' | 'alerts'): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function benchScale(
  options: ScaleOptions,
  log: (line: string) => void,
): Promise<ScaleResult> {
  const benchStarted = performance.now();
  const loadStart = os.loadavg();
  const store = await openStore(options.engine, options.database, options.keep);
  const { handle } = store;
  const servers: ChildProcess[] = [];
  try {
    const rate = rateFor(options.events, options.employees, options.days);
    log(
      `  generating ${options.employees.toLocaleString('en-US')} people over ${options.days} days at ${rate} events a working day into ${options.engine}…`,
    );
    const cpu = process.cpuUsage();
    const ingestStarted = performance.now();
    let written = 0;
    // A first backfill into the empty table, as the demo load: on PostgreSQL the secondary
    // indexes of events are set aside and built once at the end (counted in the ingest time).
    const { indexes } = await withEventIndexesDeferred(handle, () =>
      ingestGeneratedDataset(
        handle,
        { seed: 30, employees: options.employees, days: options.days, eventsPerWorkday: rate },
        {
          via: 'cli',
          onSourceDone: (source, counts) => {
            written += counts.accepted;
            const seconds = (performance.now() - ingestStarted) / 1000;
            const cpuSoFar = process.cpuUsage(cpu);
            log(
              `    ${source.padEnd(18)} ${counts.accepted.toLocaleString('en-US').padStart(11)} events; ${written.toLocaleString('en-US')} in ${round(seconds)} s, CPU ${round((cpuSoFar.user + cpuSoFar.system) / 1e6)} s (load ${os.loadavg()[0]!.toFixed(2)})`,
            );
          },
        },
      ),
    );
    if (indexes.deferred > 0)
      log(
        `    ${'indexes'.padEnd(18)} ${String(indexes.deferred).padStart(11)} built in ${round(indexes.buildSeconds)} s (load ${os.loadavg()[0]!.toFixed(2)})`,
      );
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    const used = process.cpuUsage(cpu);
    const afterIngest = os.loadavg();
    if (handle.pool) await handle.pool.query('vacuum analyze');
    else handle.sqlite!.exec('analyze');
    const events = await count(handle, 'events');
    const people = Number(
      (
        await handle.db
          .selectFrom('employees')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const eventsPerSecond = Math.round(events / ingestSeconds);
    const ingestCpuSeconds = (used.user + used.system) / 1e6;
    log(
      `  ${events.toLocaleString('en-US')} events in ${round(ingestSeconds)} s: ${eventsPerSecond} events/s (${Math.round(eventsPerSecond / os.cpus().length)} per core); CPU ${round(ingestCpuSeconds)} s = ${Math.round(events / ingestCpuSeconds)} events per CPU second; load ${afterIngest.map((l) => l.toFixed(2)).join(' ')}`,
    );
    const sizes = await eventBytes(handle);
    const bytes = {
      ...sizes,
      tablePerEvent: round(sizes.tableBytes / events),
      indexPerEvent: round(sizes.indexBytes / events),
      databasePerEvent: round(sizes.databaseBytes / events),
    };
    log(
      `  events: table ${bytes.tablePerEvent} B/event, indexes ${bytes.indexPerEvent} B/event; database ${(sizes.databaseBytes / 1e9).toFixed(2)} GB = ${bytes.databasePerEvent} B/event`,
    );

    // Detection over everyone the ingest queued, in one Vigil process.
    const queued = await countDetectionQueue(handle.db);
    log(`  detection over ${queued} queued people in one process…`);
    const everyone = await detectInProcesses(store.url, 1);
    const alerts = await count(handle, 'alerts');
    log(
      `    ${everyone.seconds} s (${everyone.wallSeconds} s with the process start), CPU ${everyone.cpuSeconds} s; ${alerts} alerts, ${everyone.failed} failed`,
    );

    // The busiest person, and a 1,000-event push spread over the 20 busiest.
    const busiestRows = await handle.db
      .selectFrom('events')
      .select((eb) => ['employee_id', eb.fn.countAll<number>().as('n')])
      .where('employee_id', 'is not', null)
      .groupBy('employee_id')
      .orderBy('n', 'desc')
      .limit(20)
      .execute();
    const busiest = { employeeId: busiestRows[0]!.employee_id!, events: Number(busiestRows[0]!.n) };
    const emails = await handle.db
      .selectFrom('employees')
      .select('email')
      .where(
        'id',
        'in',
        busiestRows.map((r) => r.employee_id!),
      )
      .execute();
    const lastEvent = Number(
      (
        await handle.db
          .selectFrom('events')
          .select((eb) => eb.fn.max('time').as('t'))
          .executeTakeFirstOrThrow()
      ).t,
    );
    const records = Array.from({ length: 1000 }, (_, i) => ({
      activity: i % 3 === 0 ? 'file_download' : i % 3 === 1 ? 'email_send' : 'login',
      action: 'ScaleBenchPush',
      time: lastEvent - 3_600_000 + i * 1000,
      actorEmail: String(emails[i % emails.length]!.email),
      sourceEventId: `scale-push-${i}`,
    }));
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const d = process.cpuUsage(since);
      return round((d.user + d.system) / 1000);
    };
    const pushCpu = process.cpuUsage();
    const pushStarted = performance.now();
    await ingest(handle, { source: 'normalized', input: { records }, via: 'push' });
    const pushIngestMs = round(performance.now() - pushStarted);
    const pushIngestCpuMs = cpuMs(pushCpu);
    const pushDetectCpu = process.cpuUsage();
    const pushDetectStarted = performance.now();
    await runDetectionPass(handle);
    const pushDetectionMs = round(performance.now() - pushDetectStarted);
    const pushDetectionCpuMs = cpuMs(pushDetectCpu);
    log(
      `  a 1,000-event push over ${emails.length} people: ingest ${pushIngestMs} ms (CPU ${pushIngestCpuMs} ms), detection ${pushDetectionMs} ms (CPU ${pushDetectionCpuMs} ms)`,
    );

    // One Vigil process serving the API; the busiest person's case, analysed.
    await insertUserIfAbsent(
      handle.db,
      {
        id: randomUUID(),
        email: EMAIL,
        displayName: 'Scale bench',
        passwordHash: await hashPassword(PASSWORD),
        now: Date.now(),
      },
      ['analyst'],
    );
    const first = startChild('serve', store.url);
    servers.push(first.child);
    const one: Server = await signIn(
      `http://127.0.0.1:${(await first.first).port}`,
      EMAIL,
      PASSWORD,
      first.child.pid,
    );
    const windowEnd = Math.ceil((lastEvent + 1) / DAY) * DAY;
    const windowStart = windowEnd - (options.days + 1) * DAY;
    const created = await fetch(`${one.base}/api/app/investigations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: one.base, cookie: one.cookie },
      body: JSON.stringify({
        title: 'Scale bench: busiest person',
        subjectEmployeeId: busiest.employeeId,
        windowStart,
        windowEnd,
      }),
    });
    if (created.status !== 200 && created.status !== 201)
      throw new Error(`creating the case answered ${created.status}: ${await created.text()}`);
    const caseId = ((await created.json()) as { id: string }).id;
    const analysisCpu = process.cpuUsage();
    const analysisStarted = performance.now();
    await runAnalysis(handle, caseId);
    const analysisSeconds = round((performance.now() - analysisStarted) / 1000);
    const analysisCpuSeconds = round(cpuMs(analysisCpu) / 1000);
    const rollupCpuBefore = processCpuSeconds(one.pid);
    const rollupStarted = performance.now();
    await timeGet(one, `investigations/${caseId}/findings/devices`, 0);
    const rollupSeconds = round((performance.now() - rollupStarted) / 1000);
    const rollupCpuAfter = processCpuSeconds(one.pid);
    const rollupCpuSeconds =
      rollupCpuBefore !== undefined && rollupCpuAfter !== undefined
        ? round(rollupCpuAfter - rollupCpuBefore)
        : null;
    log(
      `  busiest person ${busiest.employeeId}: ${busiest.events.toLocaleString('en-US')} events; analysis ${analysisSeconds} s (CPU ${analysisCpuSeconds} s), rollups ${rollupSeconds} s (serving process CPU ${rollupCpuSeconds ?? '?'} s)`,
    );
    log('  one process: findings, alert queue, timeline, hunting, report and ZIP…');
    const oneProcess = await measureRound(one, caseId, options.requests);
    logRound(log, oneProcess);

    // Two Vigil processes on one PostgreSQL: detection shared through the queue's claims, and
    // the same requests sent to both at once. SQLite is one process's database.
    let twoProcesses: ScaleResult['twoProcesses'] = null;
    if (options.engine === 'postgres') {
      await queueActivePeople(handle.db, handle.dialect, 0, Date.now());
      const requeued = await countDetectionQueue(handle.db);
      log(`  two processes: detection over ${requeued} people queued again…`);
      const both = await detectInProcesses(store.url, 2);
      log(
        `    ${both.seconds} s; people per process ${both.perProcess.join(' + ')}, ${both.failed} failed`,
      );
      const second = startChild('serve', store.url);
      servers.push(second.child);
      const two = await signIn(
        `http://127.0.0.1:${(await second.first).port}`,
        EMAIL,
        PASSWORD,
        second.child.pid,
      );
      log('  two processes: the same requests to both at once…');
      const rounds = await Promise.all([
        measureRound(one, caseId, options.requests),
        measureRound(two, caseId, options.requests),
      ]);
      for (const r of rounds) logRound(log, r);
      twoProcesses = {
        detection: { seconds: both.seconds, people: both.people, perProcess: both.perProcess },
        rounds,
      };
    }

    const plans =
      options.engine === 'postgres'
        ? await partitionPlans(handle, busiest.employeeId, windowStart, windowEnd)
        : [];
    for (const p of plans)
      log(
        `  plan: ${p.query}: reads ${p.partitionsRead.length} of ${p.partitionsTotal} partitions (${p.partitionsRead.join(', ')})`,
      );

    return {
      options,
      eventsPerWorkday: rate,
      events,
      people,
      ingest: {
        seconds: round(ingestSeconds),
        eventsPerSecond,
        eventsPerSecondPerCore: Math.round(eventsPerSecond / os.cpus().length),
        nodeCpuSeconds: round((used.user + used.system) / 1e6),
        peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
        indexesDeferred: indexes.deferred,
        indexBuildSeconds: round(indexes.buildSeconds),
      },
      bytes,
      detection: {
        onePerson: {
          seconds: everyone.seconds,
          cpuSeconds: everyone.cpuSeconds,
          people: everyone.people,
          alerts,
          failed: everyone.failed,
        },
        push: {
          events: records.length,
          people: emails.length,
          ingestMs: pushIngestMs,
          detectionMs: pushDetectionMs,
          ingestCpuMs: pushIngestCpuMs,
          detectionCpuMs: pushDetectionCpuMs,
        },
      },
      busiest,
      case: { analysisSeconds, analysisCpuSeconds, rollupSeconds, rollupCpuSeconds },
      oneProcess,
      twoProcesses,
      plans,
      load: { start: loadStart, afterIngest, end: os.loadavg() },
      totalSeconds: round((performance.now() - benchStarted) / 1000),
    };
  } finally {
    for (const child of servers) child.kill('SIGTERM');
    await Promise.all(
      servers.map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null ? resolve(null) : child.on('exit', resolve),
          ),
      ),
    );
    await store.drop();
  }
}

function logRound(log: (line: string) => void, r: HttpRound): void {
  const worst = r.findings.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a));
  // The serving process's CPU per request, where /proc could be read: the quiet estimate.
  const cpu = (t: Timing) => (t.cpuMsPerRequest === undefined ? '' : ` [CPU ${t.cpuMsPerRequest}]`);
  const worstCpu = r.findings.reduce((a, b) =>
    (b.cpuMsPerRequest ?? 0) > (a.cpuMsPerRequest ?? 0) ? b : a,
  );
  log(
    `    findings: worst p95 ${worst.p95Ms} ms (${worst.path})${cpu(worst)}; most CPU ${worstCpu.cpuMsPerRequest ?? '?'} ms a request (${worstCpu.path}); alerts p95 ${r.alerts.map((a) => `${a.p95Ms}${cpu(a)}`).join(' / ')} ms; timeline first page p95 ${r.timelineFirstPage.p95Ms}${cpu(r.timelineFirstPage)} ms`,
  );
  log(
    `    hunt field p95 ${r.hunt.field.map((h) => `${h.p95Ms}${cpu(h)}${h.failed ? ` (${h.failed} refused)` : ''}`).join(' / ')} ms; free text p95 ${r.hunt.text.map((h) => `${h.p95Ms}${cpu(h)}${h.failed ? ` (${h.failed} refused)` : ''}`).join(' / ')} ms; ${r.exports.map((e) => `${e.file} ${e.ms} ms${e.cpuMs === undefined ? '' : ` [CPU ${e.cpuMs}]`} (${(e.bytes / 1e6).toFixed(1)} MB)`).join(', ')}`,
  );
  for (const f of r.findings)
    log(`      ${f.path.replace(/^investigations\/[^/]+\//, '')}: p95 ${f.p95Ms} ms${cpu(f)}`);
}
