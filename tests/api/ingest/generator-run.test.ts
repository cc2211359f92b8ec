import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { countEvents, waitForGeneratorRun } from './support/ingest-helpers';

let t: TestApp;
let admin: ApiClient;
/**
 * Big enough that the run yields to other requests while it streams. It ends yesterday: a run
 * ending today stops at the current time, so a second one minutes later rightly adds what
 * happened in between (the generated people work in American time zones too).
 */
const body = {
  employees: 20,
  days: 10,
  seed: 5,
  endDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('the log generator on the server', () => {
  it('is for dev.tools only and checks its options', async () => {
    const analyst = await t.signInAs('analyst');
    expect((await analyst.post('/dev/generator/runs', {})).status).toBe(403);
    expect((await analyst.get('/dev/generator/runs/current')).status).toBe(403);
    const bad = await admin.post('/dev/generator/runs', { employees: 0, endDate: '22/11/2026' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/employees/);
    expect((await admin.get('/dev/generator/runs/current')).body).toEqual({ run: null });
  });

  it('runs in the background, one at a time, and ends with the manifest', async () => {
    const replies = await Promise.all([
      admin.post('/dev/generator/runs', body),
      admin.post('/dev/generator/runs', body),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([202, 409]);
    const started = replies.find((r) => r.status === 202)!;
    expect(started.body).toMatchObject({ status: 'running', options: body });
    expect(replies.find((r) => r.status === 409)!.body.message).toMatch(/already in progress/);

    const run = await waitForGeneratorRun(admin);
    expect(run.error).toBeNull();
    expect(run).toMatchObject({ status: 'succeeded', percent: 100 });
    expect(run.manifest.scenarios.length).toBeGreaterThan(0);
    expect(run.manifest.scenarios[0]).toMatchObject({
      employeeId: expect.any(String),
      techniques: expect.any(Array),
      summary: expect.any(String),
    });
    for (const source of run.sources) {
      const expected = run.manifest.sources.find((s: any) => s.source === source.source);
      expect(source).toMatchObject({ state: 'done', accepted: expected.events });
    }
    expect(await countEvents(t)).toBe(run.manifest.totals.events);

    const integrations = (await admin.get('/integrations')).body.integrations;
    expect(integrations).toHaveLength(run.sources.length);
    expect(integrations.every((i: any) => i.lastSync?.via === 'generator')).toBe(true);
  });

  it('reuses the integrations of an earlier run: same seed, nothing new', async () => {
    expect((await admin.post('/dev/generator/runs', body)).status).toBe(202);
    const run = await waitForGeneratorRun(admin);
    expect(run.status).toBe('succeeded');
    expect(run.sources.every((s: any) => s.accepted === 0)).toBe(true);
    expect((await admin.get('/integrations')).body.integrations).toHaveLength(run.sources.length);
  });

  it('refuses to mix in another organization: a different seed names other people E10001…', async () => {
    expect((await admin.post('/dev/generator/runs', { ...body, seed: 6 })).status).toBe(202);
    const run = await waitForGeneratorRun(admin);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/already holds a different organization/);
    expect(run.sources.every((s: any) => s.accepted === 0)).toBe(true);
  });
});
