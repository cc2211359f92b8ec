import fs from 'node:fs';

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runRetention } from '../../../src/server/privacy/retention/run-retention';
import type { GeneratedFiles } from '../ingest/support/ingest-helpers';
import { connect, push, writeGeneratedFiles } from '../ingest/support/ingest-helpers';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/*
 * Retention applies to the quarantine (issue 26): records set aside at ingest go with the
 * events period, counted from when Vigil received them, in the run's journal and its preview.
 */

const DAY = 86_400_000;

let t: TestApp;
let admin: ApiClient;
let files: GeneratedFiles;
let okta: { id: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  files = await writeGeneratedFiles({ employees: 20, days: 2, seed: 7 });
  okta = await connect(admin, 'okta');
  const lines = fs.readFileSync(files.file('okta'), 'utf8').trim().split('\n').slice(0, 6);
  // Five undated records and one malformed line: six quarantined, none of them events.
  const undated = lines.slice(0, 5).map((line) => {
    const { published: _published, ...rest } = JSON.parse(line);
    return JSON.stringify(rest);
  });
  const reply = await push(t, okta.id, okta.token, [...undated, '{"broken'].join('\n'));
  expect(reply.body.quarantined).toBe(6);
});
afterAll(async () => {
  files?.remove();
  await t?.close();
});

const quarantinedTotal = async () =>
  (await admin.get(`/integrations/${okta.id}/quarantine`)).body.total as number;

describe('retention and the quarantine', () => {
  it('previews and removes the records set aside before the events cut-off, journalled, and keeps the rest', async () => {
    const now = Date.now();
    // Four were set aside 200 days ago, two yesterday (the events period is 180 days).
    const ids = (
      await t.db.selectFrom('quarantined_records').select('id').orderBy('id').execute()
    ).map((row) => row.id);
    expect(ids).toHaveLength(6);
    await t.db
      .updateTable('quarantined_records')
      .set({ created_at: now - 200 * DAY })
      .where('id', 'in', ids.slice(0, 4))
      .execute();
    await t.db
      .updateTable('quarantined_records')
      .set({ created_at: now - DAY })
      .where('id', 'in', ids.slice(4))
      .execute();

    const preview = (await admin.get('/privacy/retention/preview')).body;
    expect(preview.quarantined).toBe(4);
    expect(await quarantinedTotal()).toBe(6);

    // A clock 30 days back: nothing is past the period yet.
    const early = await runRetention(t.database, { now: now - 30 * DAY });
    expect(early!.removed.quarantined).toBe(0);
    expect(await quarantinedTotal()).toBe(6);

    const run = await runRetention(t.database, { now });
    expect(run!.removed.quarantined).toBe(4);
    expect(await quarantinedTotal()).toBe(2);
    const remaining = await t.db
      .selectFrom('quarantined_records')
      .select('id')
      .orderBy('id')
      .execute();
    expect(remaining.map((row) => row.id)).toEqual(ids.slice(4));

    const batches = await sql<{ details: string }>`
      select details from audit_log where action = 'retention.batch'`.execute(t.db);
    const steps = batches.rows.map((row) =>
      typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
    );
    expect(steps).toContainEqual(
      expect.objectContaining({ runId: run!.runId, step: 'quarantined', removed: 4 }),
    );
    expect((await admin.get('/privacy/retention/preview')).body.quarantined).toBe(0);
    expect((await admin.get('/privacy/retention')).body.lastRun.removed.quarantined).toBe(4);
  });
});
