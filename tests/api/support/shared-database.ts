import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { inject } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { openTestDatabase, testDialect } from './test-database';

/**
 * Two connections to one fresh, migrated database of this run's engine, as two Vigil processes
 * would have: two pools on one PostgreSQL schema, or two connections to one SQLite file (an
 * in-memory database cannot be shared). Close the second before the first.
 */
export async function openSharedDatabase(): Promise<[DatabaseHandle, DatabaseHandle]> {
  if (testDialect() === 'postgres') {
    const first = await openTestDatabase('postgres');
    const second = openDatabase(inject('pgUrl'), { schema: first.schema!, poolSize: 4 });
    return [first, second];
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-shared-'));
  const file = path.join(dir, 'vigil.db');
  const first = openDatabase(file);
  await migrateToLatest(first.db, first.dialect);
  const second = openDatabase(file);
  const close = first.close.bind(first);
  first.close = async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  };
  return [first, second];
}
