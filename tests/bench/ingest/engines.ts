import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';

/** The two engines the ingest is measured on. */
export type Engine = 'sqlite' | 'postgres';

/** A fresh, migrated database and how to throw it away. */
export interface BenchDatabase {
  handle: DatabaseHandle;
  /** Where the data lives (a file for SQLite). */
  location: string;
  cleanup(): Promise<void>;
}

const PG_ADMIN = process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let counter = 0;

/** A new SQLite file (WAL, as the server runs it) or a new PostgreSQL database. */
export async function freshDatabase(engine: Engine): Promise<BenchDatabase> {
  counter += 1;
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-ingest-'));
    const file = path.join(dir, 'bench.db');
    const handle = openDatabase(file);
    await migrateToLatest(handle.db, 'sqlite');
    return {
      handle,
      location: file,
      cleanup: async () => {
        await handle.close().catch(() => undefined);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `vigil_bench_ingest_${process.pid}_${Date.now()}_${counter}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString(), { poolSize: 10 });
  await migrateToLatest(handle.db, 'postgres', 'public');
  return {
    handle,
    location: url.toString(),
    cleanup: async () => {
      // pool.end() resolves before its connections have closed: the forced drop below may
      // terminate one of them, and a pool with no error listener would crash the process.
      handle.pool?.on('error', () => undefined);
      await handle.close().catch(() => undefined);
      const dropper = new pg.Client({ connectionString: PG_ADMIN });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
