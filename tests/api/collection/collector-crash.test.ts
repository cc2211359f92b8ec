import { describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startGoogleReportsSimulator } from '../../simulators/google-reports-simulator';
import { startM365Simulator } from '../../simulators/m365-simulator';
import { collectDeps } from './support/collection-helpers';
import { useCrashApp } from './support/crash-app';

/*
 * Microsoft 365 and Google Workspace collectors killed (SIGKILL, as kill -9) inside a page's
 * transaction, then the restarted server goes on: the page is neither stored nor passed.
 */

const app = useCrashApp();

async function storedIds(id: string, part: number): Promise<string[]> {
  const rows = await app.t.db
    .selectFrom('events')
    .select('source_event_id')
    .where('integration_id', '=', id)
    .execute();
  return rows.map((row) => row.source_event_id.split(':')[part]!);
}

async function configure(kind: string, settings: Record<string, unknown>): Promise<string> {
  const created = await app.admin.post('/integrations', { name: kind, kind });
  const id = created.body.integration.id as string;
  const saved = await app.admin.put(`/integrations/${id}/collection`, { settings });
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
      expect(await app.collectThenDie(id, 4)).toBe('SIGKILL');
      expect(await storedIds(id, 0)).toHaveLength(15);
      const fetched = () => sim.requests.filter((r) => r.path.includes('/audit/')).length;
      expect(fetched()).toBe(4);
      expect(await collectOnce(collectDeps(app.t), id)).toBe(true);
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
      expect(await app.collectThenDie(id, 3)).toBe('SIGKILL');
      expect(await storedIds(id, 2)).toHaveLength(40);
      const served = sim.requests.length;
      expect(await collectOnce(collectDeps(app.t), id)).toBe(true);
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
