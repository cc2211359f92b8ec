import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import type { Database } from '../../../src/server/db/schema';
import { runRetention } from '../../../src/server/privacy/retention/run-retention';
import type { RetentionRun } from '../../../src/shared/schemas/retention';
import { connect, push } from '../ingest/support/ingest-helpers';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';

/**
 * Retention keeps its own record and fits imported history (issue 23 item 7, issue 26 item 4):
 * a start entry before anything goes and one entry per batch, committed with it, so even a
 * process killed mid-run leaves a log that matches what went; the audit log is kept a year at
 * least; events count from when Vigil received them, not from their own time.
 */

const DAY = 86_400_000;
const NOW = Date.now();
const LONG_AGO = NOW - 200 * DAY;

let seq = 0;

/** Events of a few people (and of nobody), received `receivedAt`, at `time`. */
async function insertEvents(
  db: Kysely<Database>,
  n: number,
  time: (i: number) => number,
  receivedAt: number,
) {
  const rows = Array.from({ length: n }, (_, i) => ({
    source: 'normalized',
    source_event_id: `journal-${seq++}`,
    integration_id: null,
    time: time(i),
    employee_id: i % 5 === 0 ? null : `journal-person-${i % 4}`,
    class_uid: 0,
    activity_id: 0,
    category: 'file',
    activity: 'file_view',
    action: 'file_view',
    outcome: 'success',
    attributes: '{}',
    ingested_at: receivedAt,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('events')
      .values(rows.slice(i, i + 500))
      .execute();
}

async function countEvents(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface Entry {
  action: string;
  details: Record<string, unknown>;
}

async function retentionEntries(db: Kysely<Database>): Promise<Entry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('action', 'like', 'retention.%')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<
      string,
      unknown
    >,
  }));
}

/** What the batch entries of a run say went, for one step. */
const batchSum = (entries: readonly Entry[], runId: unknown, step: string) =>
  entries
    .filter((e) => e.action === 'retention.batch' && e.details.runId === runId)
    .filter((e) => e.details.step === step)
    .reduce((sum, e) => sum + Number(e.details.removed), 0);

describe('retention through the API', () => {
  let t: TestApp;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signInAs('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the audit log a year at least, saying so', async () => {
    for (const auditDays of [1, 30, 364]) {
      const refused = await admin.put('/privacy/retention', {
        eventsDays: 180,
        closedCaseDays: 2557,
        auditDays,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('The audit log must be kept for at least 365 days');
    }
    expect((await admin.get('/privacy/retention')).body.auditDays).toBe(2557);
    const year = await admin.put('/privacy/retention', {
      eventsDays: 180,
      closedCaseDays: 2557,
      auditDays: 365,
    });
    expect(year.status, JSON.stringify(year.body)).toBe(200);
  });

  it('writes a start entry, one entry per batch that adds up to what went, and the summary', async () => {
    await insertEvents(t.db, 230, (i) => LONG_AGO + i * 1000, LONG_AGO);
    const run = await runRetention(t.database, { eventBatch: 10 });
    expect(run!.removed.events).toBe(230);
    const entries = await retentionEntries(t.db);
    const mine = entries.filter((e) => e.details.runId === run!.runId);
    expect(mine[0]!.action).toBe('retention.start');
    expect(mine.at(-1)!.action).toBe('retention.run');
    expect(batchSum(entries, run!.runId, 'events')).toBe(230);
    // Four people and nobody, in batches of at most ten.
    expect(mine.filter((e) => e.details.step === 'events').length).toBeGreaterThanOrEqual(23);
  });

  it('counts events from when Vigil received them: imported history stays, with a warning', async () => {
    const { id, token } = await connect(admin, 'normalized', 'Imported history');
    const from2021 = Date.UTC(2021, 2, 4, 9);
    const batch = Array.from({ length: 12 }, (_, i) =>
      JSON.stringify({
        activity: 'file_download',
        action: 'FileDownloaded',
        time: from2021 + i * DAY,
        actorEmail: 'someone@example.test',
        sourceEventId: `history-${i}`,
      }),
    ).join('\n');
    const reply = await push(t, id, token, batch);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.accepted).toBe(12);
    expect(reply.body.warning).toContain('as far back as 2021-03-04');
    expect(reply.body.warning).toContain('older than the events period (180 days)');
    const keptUntil = new Date((Math.floor(NOW / DAY) + 181) * DAY).toISOString().slice(0, 10);
    expect(reply.body.warning).toContain(`kept until ${keptUntil}`);
    const runs = await admin.get(`/integrations/${id}/runs`);
    expect(runs.body.runs[0].warning).toBe(reply.body.warning);
    const imported = () =>
      t.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('integration_id', '=', id)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));

    // A run today, and one 180 days on: received today, they stay.
    await runRetention(t.database);
    await runRetention(t.database, { now: NOW + 180 * DAY });
    expect(await imported()).toBe(12);
    // Received 181 days before a run: they go.
    await runRetention(t.database, { now: NOW + 182 * DAY });
    expect(await imported()).toBe(0);

    // Recent events received 181 days ago go too, and a recent batch raises no warning.
    await insertEvents(t.db, 20, (i) => NOW - i * 60_000, NOW - 181 * DAY);
    const recent = await push(
      t,
      id,
      token,
      JSON.stringify({
        activity: 'file_download',
        action: 'FileDownloaded',
        time: NOW - 60_000,
        actorEmail: 'someone@example.test',
        sourceEventId: 'recent-1',
      }),
    );
    expect(recent.body.warning ?? null).toBeNull();
    const run = await runRetention(t.database);
    expect(run!.removed.events).toBe(20);
    expect(await imported()).toBe(1);
  });

  it('counts what a run now would remove, removing nothing', async () => {
    await insertEvents(t.db, 15, (i) => NOW - i * 60_000, NOW - 200 * DAY);
    const before = await countEvents(t.db);
    const preview = await admin.get('/privacy/retention/preview');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.events).toBe(15);
    expect(preview.body).toMatchObject({ cases: 0, auditEntries: 0 });
    expect(await countEvents(t.db)).toBe(before);
    const auditor = await t.signInAs('auditor');
    expect((await auditor.get('/privacy/retention/preview')).status).toBe(403);
  });
});

/** A migrated database another process can open too: a SQLite file, or a PostgreSQL schema. */
async function sharedDatabase(): Promise<{
  url: string;
  schema: string;
  handle: DatabaseHandle;
  remove: () => Promise<void>;
}> {
  if (testDialect() === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-retention-kill-'));
    const file = path.join(dir, 'vigil.db');
    const handle = openDatabase(file);
    await migrateToLatest(handle.db, 'sqlite');
    return {
      url: file,
      schema: '-',
      handle,
      remove: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = inject('pgUrl');
  const schema = `retention_${randomBytes(6).toString('hex')}`;
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  await owner.query(`create schema ${schema}`);
  const handle = openDatabase(url, { schema });
  await migrateToLatest(handle.db, 'postgres', schema);
  return {
    url,
    schema,
    handle,
    remove: async () => {
      await handle.close();
      await owner.query(`drop schema ${schema} cascade`);
      await owner.end();
    },
  };
}

describe('a retention run killed with SIGKILL', () => {
  it('leaves its start entry and batch entries that match exactly what was deleted', async () => {
    const { url, schema, handle, remove } = await sharedDatabase();
    try {
      await insertEvents(handle.db, 6000, (i) => LONG_AGO + i * 1000, LONG_AGO);
      const before = await countEvents(handle.db);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/api/privacy/support/retention-child.ts', url, schema],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let finished = false;
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('finished')) finished = true;
      });
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      // Killed once it has committed some batches (1 event each), far from the end.
      await expect
        .poll(
          async () =>
            (await retentionEntries(handle.db)).filter((e) => e.action === 'retention.batch')
              .length,
          { timeout: 60_000, interval: 10 },
        )
        .toBeGreaterThanOrEqual(20);
      child.kill('SIGKILL');
      await exited;
      expect(finished).toBe(false);

      const entries = await retentionEntries(handle.db);
      const start = entries.filter((e) => e.action === 'retention.start');
      expect(start).toHaveLength(1);
      const runId = start[0]!.details.runId;
      expect(entries.filter((e) => e.action === 'retention.run')).toEqual([]);
      const gone = before - (await countEvents(handle.db));
      expect(gone).toBeGreaterThan(0);
      expect(gone).toBeLessThan(before);
      expect(batchSum(entries, runId, 'events')).toBe(gone);

      // The next run finishes the work and says so. The killed process's advisory lock goes
      // when PostgreSQL notices its closed connection (at once on a quiet machine, a moment
      // later under load); until then a run rightly finds another one under way (null).
      let next: RetentionRun | null = null;
      await expect
        .poll(async () => (next = await runRetention(handle)) !== null, {
          timeout: 30_000,
          interval: 200,
        })
        .toBe(true);
      expect((next as RetentionRun | null)?.removed.events).toBe(before - gone);
      expect(await countEvents(handle.db)).toBe(0);
    } finally {
      await remove();
    }
  }, 120_000);
});
