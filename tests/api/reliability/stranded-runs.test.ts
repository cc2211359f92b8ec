import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';

import { Housekeeping } from '../../../src/server/startup/crash-recovery/housekeeping';
import { beginRun, endRun } from '../../../src/server/runs/runs-in-flight';
import { failStrandedRuns } from '../../../src/server/startup/crash-recovery/stranded-runs';
import { THIS_PROCESS, ownerTag } from '../../../src/server/runs/this-process';
import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { startIngestRun } from '../../../src/server/db/queries/ingest-runs';
import { beatRuns } from '../../../src/server/db/queries/run-owners';
import { connect } from '../ingest/support/ingest-helpers';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';

/** A pid that was alive a moment ago and is not any more. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

const MINUTE = 60_000;
const here = (pid: number) => ownerTag({ hostname: os.hostname(), pid, instance: randomUUID() });
const elsewhere = () => ownerTag({ hostname: 'vigil-b', pid: 4242, instance: randomUUID() });

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});

/** A run as a process would have left it, started `ago` ms ago. */
async function runningRun(
  owner: string | null,
  options: { ago?: number; heartbeatAgo?: number; integrationId?: string } = {},
): Promise<number> {
  const now = Date.now();
  const id = await startIngestRun(t.db, {
    integrationId: options.integrationId ?? null,
    source: 'okta',
    via: 'push',
    now: now - (options.ago ?? 0),
    owner: owner ?? 'unused',
  });
  await t.db
    .updateTable('ingest_runs')
    .set({
      owner,
      heartbeat_at: options.heartbeatAgo === undefined ? null : now - options.heartbeatAgo,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

async function runOf(id: number) {
  return t.db.selectFrom('ingest_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function caseRunningFor(owner: string | null): Promise<string> {
  const created = await admin.post('/investigations', {
    title: `Analysis owned by ${owner ?? 'nobody'}`,
    subjectEmployeeId: 'E1003',
  });
  expect(created.status).toBe(201);
  await t.db
    .updateTable('investigations')
    .set({ analysis_state: 'running', analysis_owner: owner, analysis_updated_at: Date.now() })
    .where('id', '=', created.body.id)
    .execute();
  return created.body.id as string;
}

describe('runs left running by a process that has gone', () => {
  it('are failed at start with the reason, on the integration too; the spool files of gone processes are removed', async () => {
    const okta = await connect(admin, 'okta');
    const dead = deadPid();
    const crashed = await runningRun(here(dead), { integrationId: okta.id });
    const caseId = await caseRunningFor(here(dead));
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-housekeeping-test-'));
    onTestFinished(() => fs.rmSync(spoolDir, { recursive: true, force: true }));
    const orphan = `vigil-ingest-${dead}-${randomUUID()}`;
    const live = `vigil-ingest-${process.pid}-${randomUUID()}`;
    for (const name of [orphan, live]) fs.writeFileSync(path.join(spoolDir, name), 'batch');

    expect((await admin.get(`/integrations/${okta.id}`)).body.state).toBe('waiting');
    const housekeeping = new Housekeeping(t.database, t.app.log, { spoolDir });
    try {
      await housekeeping.start();
    } finally {
      await housekeeping.stop();
    }

    const run = await runOf(crashed);
    expect(run.status).toBe('failed');
    expect(run.finished_at).not.toBeNull();
    expect(run.message).toBe(
      `The batch did not finish: process ${dead} on ${os.hostname()} is no longer running. Nothing of it was written; send it again.`,
    );
    const integration = (await admin.get(`/integrations/${okta.id}`)).body;
    expect(integration.state).toBe('failed');
    expect(integration.lastSync).toMatchObject({
      status: 'failed',
      runId: crashed,
      message: run.message,
    });
    const runs = (await admin.get(`/integrations/${okta.id}/runs`)).body.runs;
    expect(runs.map((r: { status: string }) => r.status)).toEqual(['failed']);
    expect((await admin.get(`/investigations/${caseId}`)).body.analysis.state).toBe('failed');

    expect(fs.readdirSync(spoolDir)).toEqual([live]);
  });

  it('are told from runs other live processes have under way, on this machine and on others', async () => {
    const parent = await runningRun(here(process.ppid), { ago: 30 * MINUTE });
    const parentsCase = await caseRunningFor(here(process.ppid));
    const busyElsewhere = await runningRun(elsewhere(), { ago: 30 * MINUTE, heartbeatAgo: 10_000 });
    const silentElsewhere = await runningRun(elsewhere(), {
      ago: 30 * MINUTE,
      heartbeatAgo: 5 * MINUTE,
    });
    const restarted = await runningRun(here(process.pid));
    const legacy = await runningRun(null, { ago: 30 * MINUTE });

    const failed = await failStrandedRuns(t.database);

    expect(failed.map((f) => f.id).sort()).toEqual([silentElsewhere, restarted, legacy].sort());
    expect((await runOf(parent)).status).toBe('running');
    expect((await runOf(busyElsewhere)).status).toBe('running');
    expect((await admin.get(`/investigations/${parentsCase}`)).body.analysis.state).toBe('running');
    expect((await runOf(silentElsewhere)).message).toMatch(
      /process 4242 on vigil-b has not been heard from since \d{4}-\d\d-\d\dT/,
    );
    expect((await runOf(restarted)).message).toMatch(
      new RegExp(`process ${process.pid} on .* was restarted`),
    );
    expect((await runOf(legacy)).message).toMatch(/predates run owners/);
  });

  it('of another machine stay while its heartbeat goes on', async () => {
    const owner = elsewhere();
    const beating = await runningRun(owner, { ago: 30 * MINUTE, heartbeatAgo: 5 * MINUTE });
    const caseId = await caseRunningFor(owner);
    await t.db
      .updateTable('investigations')
      .set({ analysis_updated_at: Date.now() - 30 * MINUTE, analysis_heartbeat_at: null })
      .where('id', '=', caseId)
      .execute();
    const silent = await runningRun(elsewhere(), { ago: 30 * MINUTE, heartbeatAgo: 5 * MINUTE });

    await beatRuns(t.db, owner, Date.now());
    const failed = await failStrandedRuns(t.database);
    expect(failed.map((f) => f.id)).toEqual([silent]);
    expect((await runOf(beating)).status).toBe('running');
    expect((await admin.get(`/investigations/${caseId}`)).body.analysis.state).toBe('running');
  });

  it('of this very process are failed only once it no longer has them under way', async () => {
    const mine = await runningRun(ownerTag(THIS_PROCESS), { ago: 5 * MINUTE });
    const justStarted = await runningRun(ownerTag(THIS_PROCESS));
    beginRun(t.database, 'ingest', mine);
    expect(await failStrandedRuns(t.database)).toEqual([]);
    endRun(t.database, 'ingest', mine);

    const failed = await failStrandedRuns(t.database);
    expect(failed).toEqual([
      { kind: 'ingest', id: mine, reason: expect.stringMatching(/unreachable/) },
    ]);
    expect((await runOf(justStarted)).status).toBe('running');
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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-shared-db-'));
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
  const schema = `killed_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const handle = openDatabase(url, { schema });
  await migrateToLatest(handle.db, 'postgres', schema);
  return {
    url,
    schema,
    handle,
    remove: async () => {
      await handle.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

describe('a push killed with SIGKILL mid-ingest', () => {
  it('leaves a running run and a spool file; the next start fails the one and removes the other', async () => {
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-killed-push-'));
    const { url, schema, handle, remove } = await sharedDatabase();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/api/reliability/support/push-then-hang.ts', url, schema],
      { env: { ...process.env, TMPDIR: spoolDir }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('ingesting')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`the pushing process exited (${code})`)));
      });
      // tsx keeps its cache in the temp folder too: look at spool files only.
      const spoolFiles = () =>
        fs.readdirSync(spoolDir).filter((n) => n.startsWith('vigil-ingest-'));
      await expect.poll(() => spoolFiles().length, { timeout: 10_000 }).toBe(1);
      expect(spoolFiles()[0]).toMatch(new RegExp(`^vigil-ingest-${child.pid}-`));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      const [left] = await handle.db.selectFrom('ingest_runs').selectAll().execute();
      expect(left).toMatchObject({
        status: 'running',
        owner: expect.stringContaining(`/${child.pid}/`),
      });

      const housekeeping = new Housekeeping(handle, t.app.log, { spoolDir });
      await housekeeping.start();
      await housekeeping.stop();
      const [after] = await handle.db.selectFrom('ingest_runs').selectAll().execute();
      expect(after).toMatchObject({
        status: 'failed',
        message: expect.stringContaining(
          `process ${child.pid} on ${os.hostname()} is no longer running`,
        ),
      });
      expect(spoolFiles()).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      await remove();
      fs.rmSync(spoolDir, { recursive: true, force: true });
    }
  });
});
