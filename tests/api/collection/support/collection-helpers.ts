import { randomBytes, randomUUID } from 'node:crypto';

import { expect } from 'vitest';

import type { CollectDeps } from '../../../../src/server/ingest/collectors/collect-once';
import type { ApiClient, TestApp } from '../../support/test-app';
import type { OktaSimulator } from '../../../simulators/okta-simulator';

/** A fresh VIGIL_SECRET_KEY for a test app. */
export const testSecretKey = () => randomBytes(32).toString('hex');

/** Creates an Okta integration and configures its collection against the simulator. */
export async function configureOkta(
  admin: ApiClient,
  sim: OktaSimulator,
  body: Record<string, unknown> = {},
): Promise<string> {
  const created = await admin.post('/integrations', { name: `Okta ${randomUUID()}`, kind: 'okta' });
  expect(created.status).toBe(201);
  const id = created.body.integration.id as string;
  const saved = await admin.put(`/integrations/${id}/collection`, {
    enabled: true,
    intervalSeconds: 60,
    backfillDays: 7,
    settings: { url: sim.url, token: sim.token },
    ...body,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}

/** What a poll in this test process needs, as the scheduler would give it. */
export function collectDeps(t: TestApp, overrides: Partial<CollectDeps> = {}): CollectDeps {
  return {
    database: t.database,
    secretBox: t.app.collection.secretBox,
    allowInsecure: true,
    owner: `test-host/1/${randomUUID()}`,
    leaseMs: 60_000,
    log: t.app.log,
    stopping: () => false,
    ...overrides,
  };
}

/** The uuids of the events stored for an integration, one entry per stored event. */
export async function storedUuids(t: TestApp, integrationId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('events')
    .select('source_event_id')
    .where('integration_id', '=', integrationId)
    .execute();
  return rows.map((row) => row.source_event_id.split(':')[0]!);
}

/** Asserts that every event the simulator holds is stored, each exactly once. */
export async function expectExactlyOnce(t: TestApp, integrationId: string, sim: OktaSimulator) {
  const stored = await storedUuids(t, integrationId);
  expect(stored.length).toBe(new Set(stored).size);
  expect(new Set(stored)).toEqual(new Set(sim.events.map((event) => event.uuid)));
}

/** Makes a collection due now (as its interval passing would). */
export async function makeDue(t: TestApp, integrationId: string): Promise<void> {
  await t.db
    .updateTable('integration_collections')
    .set({ next_poll_at: Date.now(), wait_until: null })
    .where('integration_id', '=', integrationId)
    .execute();
}
