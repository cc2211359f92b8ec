import { randomUUID } from 'node:crypto';

import { expect } from 'vitest';

import { collectOnce } from '../../../../src/server/ingest/collectors/collect-once';
import type { CollectDeps } from '../../../../src/server/ingest/collectors/collect-once';
import type { ApiClient, TestApp } from '../../support/test-app';
import type { SimulatorKit } from '../../../simulators/simulator-kit';

/** Creates an integration of `kind` and configures its collection with `settings`. */
export async function configureCollection(
  admin: ApiClient,
  kind: string,
  settings: Record<string, string>,
  body: Record<string, unknown> = {},
): Promise<string> {
  const created = await admin.post('/integrations', { name: `${kind} ${randomUUID()}`, kind });
  expect(created.status).toBe(201);
  const id = created.body.integration.id as string;
  const saved = await admin.put(`/integrations/${id}/collection`, {
    enabled: true,
    intervalSeconds: 60,
    backfillDays: 7,
    settings,
    ...body,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return id;
}

/** A column of the events stored for an integration, one entry per stored event. */
export async function storedColumn(
  t: TestApp,
  integrationId: string,
  column: 'source_event_id' | 'file_id' = 'source_event_id',
): Promise<string[]> {
  const rows = await t.db
    .selectFrom('events')
    .select(column)
    .where('integration_id', '=', integrationId)
    .execute();
  return rows.map((row) => String((row as Record<string, unknown>)[column]));
}

/** Every expected id stored, each exactly once, nothing else. */
export function expectEachOnce(stored: string[], expected: Iterable<string>): void {
  expect(stored.length, 'stored twice').toBe(new Set(stored).size);
  expect(new Set(stored)).toEqual(new Set(expected));
}

/** The collection as the API shows it. */
export async function collectionOf(admin: ApiClient, id: string) {
  return (await admin.get(`/integrations/${id}/collection`)).body;
}

/**
 * Polls as the scheduler does (only once the vendor's wait and the next poll time have passed)
 * until `done`, then checks that no request reached the simulator inside a wait it asked for.
 */
export async function pollAsScheduler(
  t: TestApp,
  deps: CollectDeps,
  id: string,
  sim: SimulatorKit,
  done: () => Promise<boolean>,
  ms = 20_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    const due = await t.db
      .selectFrom('integration_collections')
      .select(['wait_until', 'next_poll_at'])
      .where('integration_id', '=', id)
      .executeTakeFirstOrThrow();
    if ((due.wait_until ?? 0) <= Date.now() && (due.next_poll_at ?? Infinity) <= Date.now()) {
      await collectOnce(deps, id);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  expectWaitsKept(sim);
}

/** No request reached the simulator between a reply asking for a wait and the wait's end. */
export function expectWaitsKept(sim: SimulatorKit): void {
  for (const wait of sim.waits) {
    const early = sim.requests.filter((r) => r.at > wait.at && r.at < wait.until);
    expect(early, `requests before ${new Date(wait.until).toISOString()}`).toEqual([]);
  }
}

/** Until when the collection waits (epoch ms) as stored, or null when it does not. */
export async function storedWaitUntil(t: TestApp, id: string): Promise<number | null> {
  const row = await t.db
    .selectFrom('integration_collections')
    .select('wait_until')
    .where('integration_id', '=', id)
    .executeTakeFirstOrThrow();
  return row.wait_until;
}

/** Makes a collection due now and forgets any wait (as time passing would). */
export async function dueNow(t: TestApp, id: string): Promise<void> {
  await t.db
    .updateTable('integration_collections')
    .set({ next_poll_at: Date.now(), wait_until: null })
    .where('integration_id', '=', id)
    .execute();
}
