import { randomBytes } from 'node:crypto';

import pg from 'pg';

import type { FilterContext } from '../../../src/server/analysis/rules/compile-filter';
import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import type { Dialect } from '../../../src/server/db/dialect';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { upsertEmployees } from '../../../src/server/db/queries/employees';
import { context, detectionDb, employee } from './support';

/**
 * The PostgreSQL the Sigma database tests use: the machine's (trust auth, database `test`),
 * or VIGIL_TEST_PG_URL. Each test file takes a schema of its own and drops it at the end.
 */
export const PG_URL = process.env.VIGIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Both engines: every Sigma database test runs on each. */
export const ENGINES: Dialect[] = ['sqlite', 'postgres'];

async function postgresDb(): Promise<DatabaseHandle> {
  const schema = `t_sigma_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The Sigma database tests need PostgreSQL at ${PG_URL} (set VIGIL_TEST_PG_URL): ${String(error)}`,
      { cause: error },
    );
  }
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDatabase(PG_URL, { schema, poolSize: 2, applicationName: schema });
  await migrateToLatest(handle.db, handle.dialect, schema);
  await upsertEmployees(
    handle.db,
    [employee('E1', 'Sales'), employee('E2', 'Sales'), employee('E3', 'Finance')],
    0,
  );
  const close = handle.close.bind(handle);
  handle.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: PG_URL });
    await dropper.connect();
    await dropper.query(`drop schema ${schema} cascade`);
    await dropper.end();
  };
  return handle;
}

/**
 * A migrated database on the engine with employees E1 and E2 in Sales and E3 in Finance, as
 * support.ts's detectionDb (which is the SQLite one).
 */
export function engineDb(dialect: Dialect): Promise<DatabaseHandle> {
  return dialect === 'sqlite' ? detectionDb() : postgresDb();
}

/** The filter context of an engine, with the default configuration lists. */
export function contextFor(dialect: Dialect): FilterContext {
  return { ...context, dialect };
}
