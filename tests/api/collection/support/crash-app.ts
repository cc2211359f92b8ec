import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, inject } from 'vitest';

import { openDatabase } from '../../../../src/server/db/database';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { startTestApp } from '../../support/test-app';
import type { ApiClient, TestApp } from '../../support/test-app';
import { testDialect } from '../../support/test-database';
import { testSecretKey } from './collection-helpers';

/** The app under test, its signed-in admin, and a way to collect in a process that dies. */
export interface CrashApp {
  readonly t: TestApp;
  readonly admin: ApiClient;
  readonly key: string;
  /** Runs a collector in another process and kills it (SIGKILL) inside its Nth page's transaction. */
  collectThenDie(integrationId: string, killAtPage: number): Promise<NodeJS.Signals | null>;
}

/**
 * Registers the suite's beforeAll/afterAll: an app whose database another process can open
 * (SQLite in a file, PostgreSQL in the test's own schema). Read the fields inside tests only.
 */
export function useCrashApp(): CrashApp {
  const key = testSecretKey();
  let t: TestApp | undefined;
  let admin: ApiClient | undefined;
  let databaseUrl = '';
  let tempDir: string | null = null;

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

  return {
    get t() {
      if (!t) throw new Error('The crash app starts in beforeAll.');
      return t;
    },
    get admin() {
      if (!admin) throw new Error('The crash app starts in beforeAll.');
      return admin;
    },
    key,
    collectThenDie(integrationId, killAtPage) {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'tests/api/collection/support/collect-then-die.ts',
          databaseUrl,
          t!.database.schema ?? '-',
          integrationId,
          key,
          String(killAtPage),
        ],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
      return new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    },
  };
}
