import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { inject } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import type { Dialect } from '../../../src/server/db/dialect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import './postgres-global-setup';

/** The engine this run of the API suite uses (the vitest project sets VIGIL_TEST_DB). */
export function testDialect(): Dialect {
  return process.env.VIGIL_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * A fresh, migrated database for one test file: SQLite in memory, or a new schema in this
 * run's throwaway PostgreSQL database (dropped by `close`).
 */
export async function openTestDatabase(dialect: Dialect = testDialect()): Promise<DatabaseHandle> {
  if (dialect === 'sqlite') {
    const handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle.db, handle.dialect);
    return handle;
  }
  const url = inject('pgUrl');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  // Named after the schema, so a fault test can end this database's connections and no others.
  const handle = openDatabase(url, { schema, poolSize: 4, applicationName: schema });
  await migrateToLatest(handle.db, handle.dialect, schema);
  const close = handle.close.bind(handle);
  handle.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop schema ${schema} cascade`);
    await dropper.end();
  };
  return handle;
}
