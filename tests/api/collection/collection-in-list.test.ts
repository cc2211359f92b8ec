import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { collectOnce } from '../../../src/server/ingest/collectors/collect-once';
import { startOktaSimulator } from '../../simulators/okta-simulator';
import type { OktaSimulator } from '../../simulators/okta-simulator';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { collectDeps, configureOkta, testSecretKey } from './support/collection-helpers';

let t: TestApp;
let admin: ApiClient;
let sim: OktaSimulator;

beforeAll(async () => {
  t = await startTestApp({ secretKey: testSecretKey(), allowHttpConnectors: true });
  admin = await t.signInAs('admin');
  sim = await startOktaSimulator(5);
});
afterAll(async () => {
  await sim?.close();
  await t?.close();
});

const SENTENCE = 'Okta answered 401: the API token is not valid or has expired';

describe('collector health in the integration replies (list, dashboard and palette read it)', () => {
  it('carries a failing collector’s state, sentence and since when; null for one never set to collect', async () => {
    const pushed = (await admin.post('/integrations', { name: 'Pushed only', kind: 'okta' })).body
      .integration.id as string;
    const failing = await configureOkta(admin, sim, {
      settings: { url: sim.url, token: 'not-the-token-4321' },
    });
    const healthy = await configureOkta(admin, sim);
    const before = Date.now();
    await collectOnce(collectDeps(t), failing);
    await collectOnce(collectDeps(t), healthy);

    const list = await admin.get('/integrations');
    expect(list.status).toBe(200);
    const byId = new Map(
      (list.body.integrations as { id: string; collection: unknown }[]).map((i) => [
        i.id,
        i.collection,
      ]),
    );
    expect(byId.get(pushed)).toBeNull();
    expect(byId.get(healthy)).toEqual({ state: 'idle', lastError: null, failingSince: null });
    const summary = byId.get(failing) as { state: string; lastError: string; failingSince: number };
    expect(summary).toMatchObject({ state: 'failing', lastError: SENTENCE });
    expect(summary.failingSince).toBeGreaterThanOrEqual(before);
    expect(summary.failingSince).toBeLessThanOrEqual(Date.now());
    // No secret, cursor or lease rides along.
    expect(JSON.stringify(list.body)).not.toContain('not-the-token');

    const one = await admin.get(`/integrations/${failing}`);
    expect(one.body.collection).toEqual(summary);

    // Paused, it stays failing since the same moment (the screens leave a paused one alone).
    await admin.put(`/integrations/${failing}/collection`, {
      enabled: false,
      settings: { url: sim.url },
    });
    const paused = await admin.get(`/integrations/${failing}`);
    expect(paused.body.collection).toEqual({ ...summary, state: 'paused' });
  });
});
