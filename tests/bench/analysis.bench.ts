import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { upsertEmployees } from '../../src/server/db/queries/employees';
import { insertInvestigation } from '../../src/server/db/queries/investigations';
import { insertUserIfAbsent } from '../../src/server/db/queries/users';
import {
  ensureMonthlyPartitions,
  monthKey,
} from '../../src/server/ingest/store/postgres-partitions';
import { runAnalysis } from '../../src/server/analysis/runs/run-analysis';
import type { AnalysisResult } from '../../src/server/analysis/runs/run-analysis';
import { BENCH_COLUMNS, benchEvents } from './analysis-events';
import type { BenchRow } from './analysis-events';

/** Time of full analysis runs for one subject with many events, and of building those events. */
export interface AnalysisBenchResult {
  engine: string;
  events: number;
  loadSeconds: number;
  runs: number;
  /** Milliseconds of each full run (rules, storing incidents, risk score). */
  runMs: number[];
  /**
   * CPU time of this process in each run: the whole run on SQLite (it runs in the process),
   * the client's share only on PostgreSQL. What a busy machine does not inflate.
   */
  runCpuMs: number[];
  medianMs: number;
  phasesMs: AnalysisResult['timings'];
  incidents: number;
  score: number;
  loadAverage: number[];
}

const DAY = 86_400_000;
const SUBJECT = 'E1002';

async function openEngine(
  engine: 'sqlite' | 'postgres',
): Promise<{ handle: DatabaseHandle; where: string; cleanup: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-analysis-bench-'));
    const handle = openDatabase(path.join(dir, 'bench.db'));
    await migrateToLatest(handle.db, 'sqlite');
    return {
      handle,
      where: path.join(dir, 'bench.db'),
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `vigil_analysis_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 4 });
  await migrateToLatest(handle.db, 'postgres', 'public');
  return {
    handle,
    where: name,
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Raw prepared inserts in one transaction: the fastest way into SQLite. */
function loadSqlite(handle: DatabaseHandle, chunks: Iterable<BenchRow[]>): number {
  const sqlite = handle.sqlite!;
  const insert = sqlite.prepare(
    `insert into events (${BENCH_COLUMNS.join(', ')}) values (${BENCH_COLUMNS.map(() => '?').join(', ')})`,
  );
  let count = 0;
  sqlite.transaction(() => {
    for (const rows of chunks)
      for (const row of rows) {
        insert.run(row);
        count++;
      }
  })();
  return count;
}

const PG_TYPES: Record<string, string> = {
  time: 'bigint',
  class_uid: 'int',
  activity_id: 'int',
  file_size: 'bigint',
  email_attachments: 'int',
  email_external: 'int',
  ingested_at: 'bigint',
  email_domains: 'jsonb',
  attributes: 'jsonb',
};

/** One `insert ... select from unnest(...)` per chunk, after creating the monthly partitions. */
async function loadPostgres(
  handle: DatabaseHandle,
  chunks: Iterable<BenchRow[]>,
  end: number,
  days: number,
): Promise<number> {
  const pool = handle.pool!;
  const client = await pool.connect();
  try {
    const months: string[] = [];
    for (let t = end - days * DAY; t <= end + DAY; t += 20 * DAY) months.push(monthKey(t));
    await ensureMonthlyPartitions(pool, client, 'public', months);
    const unnest = BENCH_COLUMNS.map((column, i) => {
      const type = PG_TYPES[column] ?? 'text';
      return type === 'jsonb' ? `$${i + 1}::text[]` : `$${i + 1}::${type}[]`;
    });
    const select = BENCH_COLUMNS.map((column) =>
      PG_TYPES[column] === 'jsonb' ? `${column}::jsonb` : column,
    );
    const statement = `insert into events (${BENCH_COLUMNS.join(', ')}) select ${select.join(', ')} from unnest(${unnest.join(', ')}) as u(${BENCH_COLUMNS.join(', ')})`;
    let count = 0;
    for (const rows of chunks) {
      await client.query(
        statement,
        BENCH_COLUMNS.map((_, i) => rows.map((row) => row[i])),
      );
      count += rows.length;
    }
    await client.query('analyze events');
    return count;
  } finally {
    client.release();
  }
}

/** Builds `events` events for one subject, opens a case over them and times full analysis runs. */
export async function benchAnalysis(
  engine: 'sqlite' | 'postgres',
  events = 1_000_000,
  runs = 3,
): Promise<AnalysisBenchResult> {
  const { handle, where, cleanup } = await openEngine(engine);
  try {
    const end = Date.parse('2026-11-20T00:00:00Z');
    const days = 365;
    await upsertEmployees(
      handle.db,
      [
        {
          id: SUBJECT,
          full_name: 'Daniel Reyes',
          email: 'e1002@northwind.example',
          department: 'Engineering',
          title: 'Staff Engineer',
          manager_id: null,
          location: 'New York',
          timezone: 'America/New_York',
          work_start_hour: 9,
          work_end_hour: 17,
          start_date: '2021-03-01',
          resignation_date: null,
          departure_date: null,
        },
      ],
      Date.now(),
    );
    const loadStarted = performance.now();
    const chunks = benchEvents(SUBJECT, events, days, end);
    const loaded =
      engine === 'sqlite'
        ? loadSqlite(handle, chunks)
        : await loadPostgres(handle, chunks, end, days);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const userId = randomUUID();
    await insertUserIfAbsent(
      handle.db,
      {
        id: userId,
        email: 'bench@vigil.test',
        displayName: 'Bench',
        passwordHash: null,
        now: Date.now(),
      },
      ['analyst'],
    );
    const id = randomUUID();
    await insertInvestigation(
      handle.db,
      {
        id,
        title: 'Bench case',
        description: '',
        subject_employee_id: SUBJECT,
        status: 'open',
        risk_level: 'low',
        risk_score: 0,
        type: 'other',
        assignee_user_id: null,
        window_start: end - days * DAY,
        window_end: end + DAY,
        created_by: userId,
        created_at: Date.now(),
        updated_by: userId,
        updated_at: Date.now(),
        closed_at: null,
        analysis_state: 'pending',
        analysis_updated_at: null,
      },
      [userId],
    );
    const results: AnalysisResult[] = [];
    const runMs: number[] = [];
    const runCpuMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      results.push(await runAnalysis(handle, id));
      const used = process.cpuUsage(cpu);
      runMs.push(Math.round(performance.now() - started));
      runCpuMs.push(Math.round((used.user + used.system) / 1000));
    }
    const sorted = [...runMs].sort((a, b) => a - b);
    const last = results[results.length - 1]!;
    return {
      engine,
      events: loaded,
      loadSeconds: Math.round(loadSeconds * 10) / 10,
      runs,
      runMs,
      runCpuMs,
      medianMs: sorted[Math.floor(sorted.length / 2)]!,
      phasesMs: last.timings,
      incidents: last.incidents.produced,
      score: last.score,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    };
  } finally {
    await handle.close();
    // ANALYSIS_BENCH_KEEP=1 keeps the case, to time it again with report-analysis.ts run.
    if (process.env.ANALYSIS_BENCH_KEEP) console.log(`  kept ${where}`);
    else await cleanup();
  }
}
