import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startGoogleReportsSimulator } from '../../simulators/google-reports-simulator';
import { startM365Simulator } from '../../simulators/m365-simulator';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import { collectDeps, testSecretKey } from './support/collection-helpers';

/*
 * Microsoft 365 and Google Workspace collectors killed (SIGKILL, as kill -9) inside a page's
 * transaction, then the restarted server goes on: the page is neither stored nor passed.
 */

const key = testSecretKey();
let t: TestApp;
let admin: ApiClient;
let databaseUrl: string;
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

async function storedIds(id: string, part: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('events')
    .select('source_event_id')
    .where('integration_id', '=', id)
    .execute();
  return rows.map((row) => row.source_event_id.split(':')[part]!);
}

async function configure(kind: string, settings: Record<string, unknown>): Promise<string> {
  const created = await admin.post('/integrations', { name: kind, kind });
  const id = created.body.integration.id as string;
  const saved = await admin.put(`/integrations/${id}/collection`, { settings });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}

describe('Microsoft 365 and Google Workspace collectors killed mid-poll', () => {
  it('Microsoft 365: the blob it died in is fetched again by the next process, every record stored once', async () => {
    const sim = await startM365Simulator();
    try {
      sim.publish('Audit.Exchange', 8, 5);
      const id = await configure('m365', {
        tenantId: sim.tenantId,
        clientId: sim.clientId,
        clientSecret: sim.clientSecret,
        loginUrl: sim.url,
        apiUrl: sim.url,
        contentTypes: 'Audit.Exchange',
      });
      expect(await collectThenDie(id, 4)).toBe('SIGKILL');
      expect(await storedIds(id, 0)).toHaveLength(15);
      const fetched = () => sim.requests.filter((r) => r.path.includes('/audit/')).length;
      expect(fetched()).toBe(4);
      expect(await collectOnce(collectDeps(t), id)).toBe(true);
      const ids = await storedIds(id, 0);
      expect(ids.length).toBe(new Set(ids).size);
      expect(new Set(ids)).toEqual(new Set(sim.records.map((record) => record.Id)));
      // The three blobs committed were not fetched again; the fourth was.
      expect(fetched()).toBe(9);
    } finally {
      await sim.close();
    }
  }, 60_000);

  it('Google Workspace: the next process goes on from the saved page token, every activity stored once', async () => {
    const sim = await startGoogleReportsSimulator();
    try {
      sim.pageSize = 20;
      sim.add('drive', 100);
      const id = await configure('google_workspace', {
        serviceAccountKey: sim.key,
        adminEmail: sim.adminEmail,
        applications: 'drive',
        apiUrl: sim.url,
      });
      expect(await collectThenDie(id, 3)).toBe('SIGKILL');
      expect(await storedIds(id, 2)).toHaveLength(40);
      const served = sim.requests.length;
      expect(await collectOnce(collectDeps(t), id)).toBe(true);
      const stored = await storedIds(id, 2);
      expect(stored.length).toBe(new Set(stored).size);
      expect(new Set(stored)).toEqual(new Set(sim.activities.map((a) => a.id.uniqueQualifier)));
      const after = sim.requests.slice(served).filter((r) => r.path.startsWith('/admin/'));
      // Pages 3 to 5 of the same window, by the page token saved with page 2.
      expect(after).toHaveLength(3);
      expect(after.every((r) => /pageToken=/.test(r.path))).toBe(true);
    } finally {
      await sim.close();
    }
  }, 60_000);
});
