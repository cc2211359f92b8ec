import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { buildReportCase, loginBench, timedDownload } from './report.bench';

/**
 * The report bench's case kept on disk, so the ZIP alone can be timed again and again while
 * it is worked on (the bench itself rebuilds its million events and their analysis each run):
 *
 *   node --import tsx tests/bench/report-zip.ts build sqlite|postgres DIR [events]
 *   node --import tsx tests/bench/report-zip.ts time sqlite|postgres DIR [OUT.zip] [runs]
 *   node --import tsx tests/bench/report-zip.ts drop sqlite|postgres DIR
 *
 * `build` writes the bench's case (buildReportCase, as `npm run bench -- report` does) to
 * DIR/bench.db on SQLite or a database `zip_report_bench` (or VIGIL_ZIP_BENCH_DB) on PostgreSQL, and its id to
 * DIR/state.json; `time` downloads export.zip over HTTP, writing the last run to OUT.zip (to
 * compare two versions' bytes), and prints wall and CPU time (the busiest threads apart) and
 * peak RSS. Not part of `npm run bench`.
 */
const PG_NAME = process.env.VIGIL_ZIP_BENCH_DB ?? 'zip_report_bench';

const [command, engine, dir, ...rest] = process.argv.slice(2) as [
  string,
  'sqlite' | 'postgres',
  string,
  ...string[],
];

function adminUrl(): string {
  return process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

function open(): DatabaseHandle {
  if (engine === 'sqlite') return openDatabase(path.join(dir, 'bench.db'));
  const url = new URL(adminUrl());
  url.pathname = `/${PG_NAME}`;
  return openDatabase(url.toString(), { poolSize: 10 });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function build(events: number): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  if (engine === 'postgres') {
    await admin(`drop database if exists ${PG_NAME} with (force)`);
    await admin(`create database ${PG_NAME}`);
  }
  const handle = open();
  await migrateToLatest(handle.db, engine, engine === 'postgres' ? 'public' : undefined);
  const built = await buildReportCase(handle, engine, events);
  fs.writeFileSync(path.join(dir, 'state.json'), JSON.stringify({ id: built.caseId, engine }));
  console.log(
    `case ${built.caseId}: ${built.events} events in ${built.insertSeconds} s, ${built.incidents} incidents (analysis ${built.analysisSeconds} s, rollups ${built.rollupSeconds} s)`,
  );
  await built.app.close();
}

async function time(out: string | undefined, runs: number): Promise<void> {
  const { id } = JSON.parse(fs.readFileSync(path.join(dir, 'state.json'), 'utf8')) as {
    id: string;
  };
  const handle = open();
  const app = await buildApp({ config: loadConfig({}), database: handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const cookie = await loginBench(app);
  // A preload may time each SQL statement (a profiling aid): it starts here and prints below.
  const probe = (globalThis as { __sqlTimes?: { start(): void; dump(): void } }).__sqlTimes;
  for (let run = 0; run < runs; run++) {
    probe?.start();
    const t = await timedDownload(
      port,
      `/api/app/investigations/${id}/export.zip`,
      cookie,
      run === runs - 1 ? out : undefined,
    );
    console.log(
      `export.zip ${t.ms} ms, CPU ${t.cpuMs} ms (${t.threads.map((th) => `${th.name} ${th.cpuMs}`).join(', ')}), ${t.bytes} bytes, peak RSS ${t.peakRssMb} MB (${t.rssAboveStartMb} above start), peak heap ${t.peakHeapMb} MB, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    probe?.dump();
  }
  await app.close();
}

if (command === 'build') await build(Number(rest[0] ?? 1_000_000));
else if (command === 'time') await time(rest[0], Number(rest[1] ?? 1));
else if (command === 'drop') {
  if (engine === 'postgres') await admin(`drop database if exists ${PG_NAME} with (force)`);
  fs.rmSync(dir, { recursive: true, force: true });
} else throw new Error('usage: report-zip.ts build|time|drop sqlite|postgres DIR …');
