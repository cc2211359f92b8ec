import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import {
  collectDeps,
  configureOkta,
  expectExactlyOnce,
  storedUuids,
  testSecretKey,
} from './support/collection-helpers';
import { startOktaSimulator } from '../../simulators/okta-simulator';

const key = testSecretKey();
let t: TestApp;
let admin: ApiClient;
let databaseUrl: string;
let tempDir: string | null = null;

/** SQLite in a file (the child process must see it); PostgreSQL in the test's own schema. */
beforeAll(async () => {
  if (testDialect() === 'sqlite') {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-crash-'));
    databaseUrl = path.join(tempDir, 'vigil.db');
    const handle = openDatabase(databaseUrl);
    await migrateToLatest(handle.db, handle.dialect);
    await handle.close();
    t = await startTestApp({ secretKey: key, allowHttpConnectors: true }, { databaseUrl });
  } else {
    databaseUrl = inject('pgUrl');
    t = await startTestApp({ secretKey: key, allowHttpConnectors: true });
  }
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
});

/** Runs a collector in another process and kills it (SIGKILL) inside its Nth page's transaction. */
function collectThenDie(integrationId: string, killAtPage: number): Promise<NodeJS.Signals | null> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/api/collection/support/collect-then-die.ts',
      databaseUrl,
      t.database.schema ?? '-',
      integrationId,
      key,
      String(killAtPage),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
}

describe('a collector killed mid-poll', () => {
  it('loses nothing and doubles nothing: the page it died in was neither stored nor passed; the next process goes on from the cursor', async () => {
    const sim = await startOktaSimulator(900);
    try {
      sim.pageSize = 100;
      const id = await configureOkta(admin, sim);
      expect(await collectThenDie(id, 4)).toBe('SIGKILL');
      // Three pages committed with their cursor; the fourth died inside its transaction.
      expect(await storedUuids(t, id)).toHaveLength(300);
      const row = await t.db
        .selectFrom('integration_collections')
        .select(['lease_owner', 'state'])
        .where('integration_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'polling' });
      expect(row.lease_owner).not.toBeNull();

      // The restarted server: the dead process's lease is taken at once (its pid is gone).
      const served = sim.requests.length;
      expect(await collectOnce(collectDeps(t), id)).toBe(true);
      await expectExactlyOnce(t, id, sim);
      // It started from the fourth page's link, not from the beginning.
      expect(sim.requests[served]!.path).toMatch(/after=/);
      expect(sim.requests.length - served).toBe(7);
    } finally {
      await sim.close();
    }
  }, 60_000);
});
