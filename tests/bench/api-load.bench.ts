import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import type autocannon from 'autocannon';
import pg from 'pg';

import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/accounts/passwords';
import { seedDemoEmployees } from '../../src/server/demo/demo-employees';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import type { DatabaseHandle } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { insertUserIfAbsent } from '../../src/server/db/queries/users';

/** Requests per second and latency of GET /investigations/{id} with a session, under load. */
export interface ApiLoadResult {
  engine: string;
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** A throwaway database of one engine, migrated, with a function that removes it. */
export async function openEngine(
  engine: 'sqlite' | 'postgres',
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
    const handle = openDatabase(path.join(dir, 'bench.db'));
    await migrateToLatest(handle.db, 'sqlite');
    return { handle, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // BENCH_DB_PREFIX: a name prefix of one's own where several benches share the server.
  const name = `${process.env.BENCH_DB_PREFIX ?? 'vigil_bench'}_${Date.now()}`;
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
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const run = promisify(execFile);

/**
 * Runs autocannon's command line in a child process: a load generator in the server's own event
 * loop would take half of the server's CPU on these 2 cores and measure itself as much as the server.
 */
export async function loadFromAnotherProcess(
  url: string,
  cookie: string,
  connections: number,
  seconds: number,
  timeoutSeconds = 10,
): Promise<autocannon.Result> {
  const cli = path.resolve('node_modules/autocannon/autocannon.js');
  const args = [
    cli,
    '-j',
    '-n',
    '-c',
    `${connections}`,
    '-d',
    `${seconds}`,
    '-t',
    `${timeoutSeconds}`,
    '-H',
    `cookie=${cookie}`,
    url,
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as autocannon.Result;
}

/** A listening app with a signed-in analyst and one case about E1002, for load from outside. */
export interface BenchCase {
  app: Awaited<ReturnType<typeof buildApp>>;
  base: string;
  cookie: string;
  id: string;
}

/**
 * Adds an analyst, starts the real app on a free port, signs in and opens one case about
 * E1002 (the demo employees must be seeded; `window` as the API takes it, or the default).
 */
export async function serveBenchCase(
  handle: DatabaseHandle,
  window: { windowStart: number; windowEnd: number } | null = null,
): Promise<BenchCase> {
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
  const app = await buildApp({
    config: loadConfig({ VIGIL_DB_OVERLOAD_WAIT_MS: process.env.VIGIL_DB_OVERLOAD_WAIT_MS }),
    database: handle,
  });
  // BENCH_PORT: a fixed port where the machine's ports are shared out; a free one otherwise.
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/app/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'bench@vigil.test', password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const created = await fetch(`${base}/api/app/investigations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ title: 'Bench case', subjectEmployeeId: 'E1002', ...window }),
  });
  const { id } = (await created.json()) as { id: string };
  return { app, base, cookie, id };
}

/** Starts the real app on a port, signs in, opens one case, and loads it for `seconds`. */
export async function benchApiLoad(
  engine: 'sqlite' | 'postgres',
  seconds = 10,
  connections = 20,
): Promise<ApiLoadResult> {
  const { handle, cleanup } = await openEngine(engine);
  await seedDemoEmployees(handle.db);
  const { app, base, cookie, id } = await serveBenchCase(handle);
  try {
    const result = await loadFromAnotherProcess(
      `${base}/api/app/investigations/${id}`,
      cookie,
      connections,
      seconds,
    );
    return {
      engine,
      connections,
      durationSeconds: seconds,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  } finally {
    await app.close();
    await cleanup();
  }
}
