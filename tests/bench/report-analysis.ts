import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { runAnalysis } from '../../src/server/analysis/runs/run-analysis';
import { seedDemoEmployees } from '../../src/server/demo/demo-employees';
import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { serveBenchCase } from './api-load.bench';
import { benchEvents, insertBenchEvents } from './findings-data';
import { sqlTimesReport, startSqlTimes } from './sql-times';

/**
 * The report bench's case (1M realistic events of one subject, `npm run bench -- report`)
 * before its first analysis, kept on disk, so its first analysis (rollups built) and its warm
 * runs can be timed on copies while they are worked on:
 *
 *   node --import tsx tests/bench/report-analysis.ts build sqlite|postgres TARGET [events]
 *   node --import tsx tests/bench/report-analysis.ts run sqlite|postgres TARGET [runs]
 *
 * TARGET is a SQLite file, or a PostgreSQL database (made by `build`; copy it with
 * `createdb -T`). `run` analyses the case `runs` times (the first run of a fresh copy builds
 * the rollups and stores the incidents) and prints wall and CPU time of each with the load;
 * with SQL_TIMES=1, also the statements that took most CPU. Not part of `npm run bench`.
 */
const DAY = 86_400_000;
const SUBJECT = 'E1002';

const [command, engine, target, ...rest] = process.argv.slice(2) as [
  string,
  'sqlite' | 'postgres',
  string,
  ...string[],
];

function adminUrl(): string {
  return process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

function open(): DatabaseHandle {
  if (engine === 'sqlite') return openDatabase(path.resolve(target));
  const url = new URL(adminUrl());
  url.pathname = `/${target}`;
  return openDatabase(url.toString(), { poolSize: 10 });
}

async function build(events: number): Promise<void> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    await client.query(`create database ${target}`);
    await client.end();
  }
  const handle = open();
  await migrateToLatest(handle.db, engine, engine === 'postgres' ? 'public' : undefined);
  await seedDemoEmployees(handle.db);
  const end = Math.floor(Date.now() / DAY) * DAY + DAY;
  await insertBenchEvents(
    handle,
    benchEvents(SUBJECT, 'daniel.reyes@northwind.example', end, events),
    { from: end - 90 * DAY, to: end },
  );
  if (engine === 'postgres') await handle.pool!.query('analyze events');
  const bench = await serveBenchCase(handle, { windowStart: end - 91 * DAY, windowEnd: end });
  console.log(`case ${bench.id} over ${events} events`);
  await bench.app.close();
}

async function run(runs: number): Promise<void> {
  const handle = open();
  try {
    const cases = await handle.db.selectFrom('investigations').select('id').execute();
    if (cases.length !== 1) throw new Error(`expected one case, found ${cases.length}`);
    const id = cases[0]!.id;
    for (let i = 0; i < runs; i++) {
      if (process.env.SQL_TIMES) startSqlTimes();
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      const result = await runAnalysis(handle, id);
      const used = process.cpuUsage(cpu);
      console.log(
        `run ${i + 1}: ${Math.round(performance.now() - t0)} ms wall, CPU ${Math.round((used.user + used.system) / 1000)} ms; phases ${JSON.stringify(result.timings)}; ${result.incidents.produced} incidents, score ${result.score}; load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      if (process.env.SQL_TIMES) console.log(sqlTimesReport().join('\n'));
    }
  } finally {
    await handle.close();
  }
}

if (command === 'build') await build(Number(rest[0] ?? 1_000_000));
else if (command === 'run') await run(Number(rest[0] ?? 2));
else throw new Error('usage: report-analysis.ts build|run sqlite|postgres TARGET …');
