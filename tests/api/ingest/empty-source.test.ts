import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { waitForGeneratorRun } from './support/ingest-helpers';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('a generator run where a source has nothing in the window', () => {
  it('succeeds, counts that source as zero and leaves its integration without a failed sync', async () => {
    // One Sunday, few people, a low rate and no storylines: some sources produce no record.
    const body = {
      employees: 3,
      days: 1,
      seed: 3,
      endDate: '2026-11-15',
      eventsPerWorkday: 1,
      scenarios: [],
    };
    expect((await admin.post('/dev/generator/runs', body)).status).toBe(202);
    const run = await waitForGeneratorRun(admin);
    expect(run.error).toBeNull();
    expect(run.status).toBe('succeeded');
    // The premise: this day really leaves at least one source without records.
    const empty = run.sources.filter((s: { records: number }) => s.records === 0);
    expect(empty.length).toBeGreaterThan(0);
    expect(run.sources.length).toBe(9);
    const { integrations } = (await admin.get('/integrations')).body;
    expect(integrations.length).toBeGreaterThan(0);
    for (const integration of integrations) {
      expect(integration.lastSync?.status ?? 'succeeded').toBe('succeeded');
    }
  });
});
