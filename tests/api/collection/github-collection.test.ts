import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startGithubAuditSimulator } from '../../simulators/github-audit-simulator';
import type { GithubAuditSimulator } from '../../simulators/github-audit-simulator';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { collectDeps, testSecretKey } from './support/collection-helpers';
import { storedWaitUntil } from './support/vendor-collection';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp({ secretKey: testSecretKey(), allowHttpConnectors: true });
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});

async function configure(sim: GithubAuditSimulator, token = sim.token): Promise<string> {
  const created = await admin.post('/integrations', { name: 'GitHub', kind: 'github' });
  const id = created.body.integration.id as string;
  const saved = await admin.put(`/integrations/${id}/collection`, {
    settings: { org: sim.org, token, apiUrl: sim.url },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}

async function stored(id: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('events')
    .select('source_event_id')
    .where('integration_id', '=', id)
    .execute();
  return rows.map((row) => row.source_event_id);
}

async function expectExactlyOnce(id: string, sim: GithubAuditSimulator) {
  const ids = await stored(id);
  expect(ids.length).toBe(new Set(ids).size);
  expect(new Set(ids)).toEqual(new Set(sim.events.map((e) => e._document_id)));
}

describe('collecting the GitHub audit log', () => {
  it('pages by the Link header to the end, re-reads a trailing window for late events, keeps each once by _document_id', async () => {
    const sim = await startGithubAuditSimulator(250);
    try {
      const id = await configure(sim);
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(id, sim);
      expect(sim.requests[0]!.path).toMatch(/phrase=created%3A%3E%3D.*include=all.*order=asc/);
      expect(sim.requests.map((r) => r.status)).toEqual([200, 200, 200]);
      // Indexed late, two minutes before the newest: the trailing window finds it.
      sim.addEvents(3, 120_000);
      sim.addEvents(20);
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(id, sim);
    } finally {
      await sim.close();
    }
  });

  it('keeps the wait of a secondary rate limit (403 with retry-after) and stops on bad credentials', async () => {
    const sim = await startGithubAuditSimulator(120);
    try {
      const id = await configure(sim);
      sim.secondaryLimitNext(2);
      await collectOnce(collectDeps(t), id);
      const waiting = (await admin.get(`/integrations/${id}/collection`)).body.status;
      expect(waiting.state).toBe('backing_off');
      expect(waiting.lastError).toBe(
        'GitHub answered 403: a rate limit was reached; Vigil waits as GitHub asks',
      );
      const waitUntil = await storedWaitUntil(t, id);
      expect(waitUntil).toBeGreaterThanOrEqual(sim.waits[0]!.until);
      await new Promise((resolve) => setTimeout(resolve, waitUntil! - Date.now() + 10));
      await collectOnce(collectDeps(t), id);
      await expectExactlyOnce(id, sim);
      for (const wait of sim.waits) {
        expect(sim.requests.filter((r) => r.at > wait.at && r.at < wait.until)).toEqual([]);
      }

      const wrong = await configure(sim, 'ghp_wrong');
      await collectOnce(collectDeps(t), wrong);
      expect((await admin.get(`/integrations/${wrong}/collection`)).body.status).toMatchObject({
        state: 'failing',
        lastError: 'GitHub answered 401: the token is not valid or has expired',
        nextPollAt: null,
      });
    } finally {
      await sim.close();
    }
  });

  it('needs exactly one of org or enterprise', async () => {
    const created = await admin.post('/integrations', { name: 'GitHub 2', kind: 'github' });
    const id = created.body.integration.id as string;
    const neither = await admin.put(`/integrations/${id}/collection`, { settings: { token: 't' } });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(
      'settings.org: give exactly one of settings.org or settings.enterprise.',
    );
    const ok = await admin.put(`/integrations/${id}/collection`, {
      enabled: false,
      settings: { org: 'acme', token: 't' },
    });
    expect(ok.body.settings).toMatchObject({ org: 'acme', apiUrl: 'https://api.github.com' });
  });
});
