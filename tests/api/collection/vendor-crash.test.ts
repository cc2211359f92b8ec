import { describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startBoxEventsSimulator } from '../../simulators/box-events-simulator';
import { startDropboxTeamLogSimulator } from '../../simulators/dropbox-team-log-simulator';
import { startSlackAuditSimulator } from '../../simulators/slack-audit-simulator';
import { collectDeps } from './support/collection-helpers';
import { useCrashApp } from './support/crash-app';
import { configureCollection, expectEachOnce, storedColumn } from './support/vendor-collection';

/*
 * Slack, Box and Dropbox collectors killed (SIGKILL, as kill -9) inside the transaction of
 * their third page, then collected again by the restarted server: the dead page was neither
 * stored nor passed, and the new process goes on from the saved cursor.
 */

const app = useCrashApp();

describe('Slack, Box and Dropbox collectors killed mid-poll', () => {
  it('Slack: the restarted server goes on with the saved window and Slack’s cursor', async () => {
    const sim = await startSlackAuditSimulator(100);
    try {
      sim.pageSize = 20;
      const id = await configureCollection(app.admin, 'slack', {
        token: sim.token,
        apiUrl: sim.url,
      });
      expect(await app.collectThenDie(id, 3)).toBe('SIGKILL');
      expect(await storedColumn(app.t, id)).toHaveLength(40);
      const served = sim.requests.length;
      expect(await collectOnce(collectDeps(app.t), id)).toBe(true);
      expectEachOnce(
        await storedColumn(app.t, id),
        sim.entries.map((e) => e.id),
      );
      // The third page again, by the cursor the second page gave, then the rest.
      expect(sim.requests[served]!.path).toBe(sim.requests[2]!.path);
      expect(sim.requests.length - served).toBe(3);
    } finally {
      await sim.close();
    }
  }, 60_000);

  it('Box: the restarted server goes on with the backfill where it stopped, then the stream', async () => {
    const sim = await startBoxEventsSimulator(230);
    try {
      sim.pageSize = 50;
      const id = await configureCollection(app.admin, 'box', {
        clientId: sim.clientId,
        clientSecret: sim.clientSecret,
        enterpriseId: sim.enterpriseId,
        apiUrl: sim.url,
      });
      expect(await app.collectThenDie(id, 3)).toBe('SIGKILL');
      expect(await storedColumn(app.t, id)).toHaveLength(100);
      sim.addEvents(70, { duplicates: true });
      const served = sim.requests.length;
      expect(await collectOnce(collectDeps(app.t), id)).toBe(true);
      expectEachOnce(
        await storedColumn(app.t, id),
        sim.events.map((e) => e.event_id),
      );
      const api = sim.requests.slice(served).filter((r) => r.path.startsWith('/2.0/'));
      expect(api[0]!.path).toMatch(/stream_type=admin_logs&.*stream_position=100(&|$)/);
    } finally {
      await sim.close();
    }
  }, 60_000);

  it('Dropbox: the restarted server goes on with the saved cursor', async () => {
    const sim = await startDropboxTeamLogSimulator(250);
    try {
      sim.pageSize = 50;
      const id = await configureCollection(app.admin, 'dropbox', {
        appKey: sim.appKey,
        appSecret: sim.appSecret,
        refreshToken: sim.refreshToken,
        apiUrl: sim.url,
      });
      expect(await app.collectThenDie(id, 3)).toBe('SIGKILL');
      expect(await storedColumn(app.t, id)).toHaveLength(100);
      const served = sim.requests.length;
      expect(await collectOnce(collectDeps(app.t), id)).toBe(true);
      expectEachOnce(
        await storedColumn(app.t, id, 'file_id'),
        sim.events.map((e) => String(e.assets[0]!.file_id)),
      );
      const api = sim.requests.slice(served).filter((r) => r.path.startsWith('/2/'));
      expect(api[0]!.path).toBe('/2/team_log/get_events/continue');
      expect(api).toHaveLength(3);
    } finally {
      await sim.close();
    }
  }, 60_000);
});
