import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

/**
 * The report bench's case kept on disk, so the ZIP alone can be timed again and again while
 * it is worked on (the bench itself rebuilds its million events and their analysis each run):
 *
 *   node --import tsx tests/bench/report-zip.ts build sqlite|postgres DIR [events]
 *   node --import tsx tests/bench/report-zip.ts time sqlite|postgres DIR [OUT.zip] [runs]
 *   node --import tsx tests/bench/report-zip.ts drop sqlite|postgres DIR
 *
 * `build` writes the same case as `npm run bench -- report` (DIR/bench.db on SQLite, a database
 * `zip_report_bench` on PostgreSQL) and its id to DIR/state.json; `time` downloads export.zip
 * over HTTP, writing it to OUT.zip (to compare two versions' bytes), and prints wall and CPU
 * time and peak RSS. Not part of `npm run bench`.
 */
const DAY = 86_400_000;
const MB = 1024 * 1024;
const SUBJECT = 'E1002';
const PASSWORD = 'bench-password-123';
const PG_NAME = 'zip_report_bench';

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
  await seedDemoEmployees(handle.db);
  const end = Math.floor(Date.now() / DAY) * DAY + DAY;
  await insertBenchEvents(
    handle,
    benchEvents(SUBJECT, 'daniel.reyes@northwind.example', end, events),
    { from: end - 90 * DAY, to: end },
  );
  if (engine === 'postgres') await handle.pool!.query('analyze events');
  await insertUserIfAbsent(
    handle.db,
    {
      id: randomUUID(),
      email: 'bench@vigil.test',
      displayName: 'Bench',
      passwordHash: await hashPassword(PASSWORD),
      now: Date.now(),
    },
    ['analyst'],
  );
  const app = await buildApp({ config: loadConfig({}), database: handle });
  const cookie = await login(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/app/investigations',
    headers: { ...HEADERS, cookie },
    payload: {
      title: 'Bench case',
      subjectEmployeeId: SUBJECT,
      windowStart: end - 91 * DAY,
      windowEnd: end,
    },
  });
  const id = created.json<{ id: string }>().id;
  const analysis = await runAnalysis(handle, id);
  await app.inject({
    method: 'GET',
    url: `/api/app/investigations/${id}/findings/devices`,
    headers: { host: HEADERS.host, cookie },
  });
  fs.writeFileSync(path.join(dir, 'state.json'), JSON.stringify({ id, engine }));
  console.log(`case ${id}: ${analysis.incidents.produced} incidents`);
  await app.close();
}

const HEADERS = {
  host: 'vigil.test',
  origin: 'http://vigil.test',
  'content-type': 'application/json',
};

async function login(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/app/auth/login',
    headers: HEADERS,
    payload: { email: 'bench@vigil.test', password: PASSWORD },
  });
  return reply.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

async function time(out: string | undefined, runs: number): Promise<void> {
  const { id } = JSON.parse(fs.readFileSync(path.join(dir, 'state.json'), 'utf8')) as {
    id: string;
  };
  const handle = open();
  const app = await buildApp({ config: loadConfig({}), database: handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const cookie = await login(app);
  // A preload may time each SQL statement (a profiling aid): it starts here and prints below.
  const probe = (globalThis as { __sqlTimes?: { start(): void; dump(): void } }).__sqlTimes;
  for (let run = 0; run < runs; run++) {
    probe?.start();
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const file = out && run === runs - 1 ? fs.createWriteStream(out) : null;
    const bytes = await new Promise<number>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: `/api/app/investigations/${id}/export.zip`,
            headers: { host: HEADERS.host, cookie },
          },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`answered ${res.statusCode}`));
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
    console.log(
      `export.zip ${Math.round(ms)} ms, CPU ${Math.round((used.user + used.system) / 1000)} ms, ${bytes} bytes, peak RSS ${Math.round(peakRss / MB)} MB, load ${os
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
