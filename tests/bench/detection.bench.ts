import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

import { runDetectionPass } from '../../src/server/analysis/alerts/detection-pass';
import { hashPassword } from '../../src/server/accounts/passwords';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/database';
import { countDetectionQueue } from '../../src/server/db/queries/detection-queue';
import { insertUserIfAbsent } from '../../src/server/db/queries/users';
import { ingestGeneratedDataset } from '../../src/server/demo/load-dataset';
import { ingest } from '../../src/server/ingest/pipeline/ingest';
import { openEngine } from './api-load.bench';

/** Detection over everyone, a small push after it, and the alert queue under 100,000 alerts. */
export interface DetectionBenchResult {
  engine: string;
  employees: number;
  events: number;
  ingestSeconds: number;
  /**
   * Detection over every person the dataset queued: wall time, this process's CPU and, on
   * PostgreSQL, its backends' CPU (from /proc; null where it cannot be read). On a shared
   * machine CPU says more than wall time.
   */
  everyone: {
    people: number;
    alerts: number;
    seconds: number;
    cpuSeconds: number;
    backendCpuSeconds: number | null;
    failed: number;
  };
  /** A 1,000-event push spread over 20 people: its ingest, then its detection. */
  push: { events: number; people: number; ingestMs: number; detectionMs: number };
  /** GET /alerts with this many alerts stored. */
  list: { alerts: number; queries: Array<{ query: string; p50Ms: number; p95Ms: number }> };
  load: number[];
}

const round = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/** Fills the alerts table up to `total` with plausible alerts about the dataset's people. */
export async function fillAlerts(handle: DatabaseHandle, people: string[], total: number) {
  const present = Number(
    (
      await handle.db
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const severities = ['low', 'medium', 'high', 'critical'] as const;
  const statuses = ['new', 'new', 'new', 'in_review', 'dismissed'];
  const now = Date.now();
  for (let i = present; i < total; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - i) }, (_, j) => {
      const n = i + j;
      const severity = severities[n % 4]!;
      return {
        id: randomUUID(),
        rule_id: `bench-rule-${n % 12}`,
        title: `Bench rule ${n % 12}`,
        description: '',
        employee_id: people[n % people.length]!,
        severity,
        severity_rank: n % 4,
        status: statuses[n % statuses.length]!,
        reason: null,
        assignee_id: null,
        investigation_id: null,
        techniques: JSON.stringify(['T1048']),
        itm: JSON.stringify(['IF010.002']),
        why: 'Bench alert.',
        first_time: now - (n % 90) * 86_400_000 - 3_600_000,
        last_time: now - (n % 90) * 86_400_000,
        event_count: 3,
        created_at: now,
        updated_at: now,
      };
    });
    await handle.db.insertInto('alerts').values(rows).execute();
  }
}

/**
 * Generates `employees` people over `days` days (about 1,000 events per person a month),
 * ingests them through the real pipeline (which queues everyone for detection), runs detection
 * over everyone, then measures a 1,000-event push and GET /alerts with 100,000 alerts.
 */
export async function benchDetection(
  engine: 'sqlite' | 'postgres',
  employees = 1000,
  days = 33,
): Promise<DetectionBenchResult> {
  const { handle, cleanup } = await openEngine(engine);
  try {
    const loadStarted = performance.now();
    const { manifest } = await ingestGeneratedDataset(handle, { seed: 7, employees, days });
    const ingestSeconds = round((performance.now() - loadStarted) / 1000);
    if (engine === 'postgres') await handle.pool!.query('vacuum analyze');
    const events = Number(
      (
        await handle.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const queued = await countDetectionQueue(handle.db);

    const backends = await watchBackends(handle);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const pass = await runDetectionPass(handle);
    const everyoneSeconds = round((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpu);
    const backendMs = backends();
    const alerts = Number(
      (
        await handle.db
          .selectFrom('alerts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const people = manifest.employees.slice(0, 20).map((e) => String(e.email));
    const at = Date.parse(`${manifest.window.lastDay}T12:00:00Z`);
    const records = Array.from({ length: 1000 }, (_, i) => ({
      activity: i % 3 === 0 ? 'file_download' : i % 3 === 1 ? 'email_send' : 'login',
      action: 'BenchPush',
      time: at + i * 1000,
      actorEmail: people[i % people.length],
      sourceEventId: `bench-push-${i}`,
    }));
    const pushStarted = performance.now();
    await ingest(handle, { source: 'normalized', input: { records }, via: 'cli' });
    const ingestMs = round(performance.now() - pushStarted);
    const detectStarted = performance.now();
    await runDetectionPass(handle);
    const detectionMs = round(performance.now() - detectStarted);

    const ids = (await handle.db.selectFrom('employees').select('id').execute()).map((r) => r.id);
    await fillAlerts(handle, ids, 100_000);
    if (engine === 'postgres') await handle.pool!.query('vacuum analyze alerts');
    const list = await measureList(handle);
    return {
      engine,
      employees,
      events,
      ingestSeconds,
      everyone: {
        people: queued,
        alerts,
        seconds: everyoneSeconds,
        cpuSeconds: round((used.user + used.system) / 1e6),
        backendCpuSeconds: backendMs === null ? null : round(backendMs / 1000),
        failed: pass.failed,
      },
      push: { events: records.length, people: people.length, ingestMs, detectionMs },
      list: { alerts: 100_000, queries: list },
      load: os.loadavg(),
    };
  } finally {
    await cleanup();
  }
}

/** A process's user and system CPU so far in ms, from /proc (null where there is none). */
function processCpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * Starts counting the CPU of the pool's PostgreSQL backends (on this machine): those open now
 * and those opened from now on, kept open until the count is read. Returns the reader, which
 * gives null on SQLite or when no backend's /proc can be read (a server elsewhere).
 */
async function watchBackends(handle: DatabaseHandle): Promise<() => number | null> {
  const pool = handle.pool;
  if (!pool) return () => null;
  const options = (pool as unknown as { options: { idleTimeoutMillis: number } }).options;
  const idle = options.idleTimeoutMillis;
  options.idleTimeoutMillis = 0;
  const start = new Map<number, number | null>();
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  for (const { pid } of rows) start.set(pid, processCpuMs(pid));
  const opened = (client: unknown) => {
    const pid = (client as { processID?: number }).processID;
    if (pid !== undefined && !start.has(pid)) start.set(pid, 0);
  };
  pool.on('connect', opened);
  return () => {
    pool.off('connect', opened);
    options.idleTimeoutMillis = idle;
    // A backend gone by now was idle all along (its idle timer ran out before the change).
    let total = 0;
    let read = 0;
    for (const [pid, before] of start) {
      const now = processCpuMs(pid);
      if (now === null || before === null) continue;
      total += now - before;
      read += 1;
    }
    return read === 0 ? null : total;
  };
}

/** GET /alerts through the real app on a port: each query 50 times after one warm-up. */
export async function measureList(handle: DatabaseHandle) {
  const password = 'bench-password-123';
  await insertUserIfAbsent(
    handle.db,
    {
      id: randomUUID(),
      email: 'bench-alerts@vigil.test',
      displayName: 'Bench',
      passwordHash: await hashPassword(password),
      now: Date.now(),
    },
    ['analyst'],
  );
  const app = await buildApp({ config: loadConfig({}), database: handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${base}/api/app/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: 'bench-alerts@vigil.test', password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const get = async (query: string) => {
      const reply = await fetch(`${base}/api/app/alerts?${query}`, { headers: { cookie } });
      if (reply.status !== 200) throw new Error(`GET /alerts?${query} answered ${reply.status}`);
      return (await reply.json()) as { next: string | null };
    };
    const deep = await (async () => {
      let next: string | null = null;
      for (let i = 0; i < 50; i++)
        next = (await get(`limit=100${next ? `&cursor=${next}` : ''}`)).next;
      return next!;
    })();
    const queries = [
      'limit=100',
      'status=new&limit=100',
      'severity=high&status=new&limit=100',
      `limit=100&cursor=${deep}`,
    ];
    const out = [];
    for (const query of queries) {
      await get(query);
      const times: number[] = [];
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        await get(query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      out.push({
        query: query.replace(/cursor=[^&]+/, 'cursor=(page 51)'),
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
      });
    }
    return out;
  } finally {
    await app.close();
  }
}
