import fs from 'node:fs';
import { PassThrough } from 'node:stream';

import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';

import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { AnalysisRunner } from '../../../src/server/analysis/runs/analysis-runner';
import type { GeneratedFiles } from '../ingest/support/ingest-helpers';
import { connect, countEvents, push, writeGeneratedFiles } from '../ingest/support/ingest-helpers';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';

/*
 * PostgreSQL ends Vigil's connections while they are in use, as a restart, a failover or a
 * network drop would. To catch each operation mid-flight, a second connection (the locker)
 * holds a lock the operation needs; once Vigil's connection waits on it, a third (the killer,
 * outside any transaction, so pg_stat_activity is read afresh) terminates every connection of
 * this test's database (they carry its schema as their application_name), and the locker lets
 * go. An 'error' event nobody hears would end the process, which
 * Vitest reports as an unhandled error and a failed run.
 *
 * SQLite is a file inside the process: there is no connection to lose, so these run on
 * PostgreSQL only.
 */
describe.runIf(testDialect() === 'postgres')('a PostgreSQL connection lost mid-flight', () => {
  let t: TestApp;
  let admin: ApiClient;
  let files: GeneratedFiles;
  let okta: { id: string; token: string };
  let locker: pg.Client;
  let killer: pg.Client;
  /** Errors nobody handled: each would have ended the server. */
  const uncaught: Error[] = [];
  const noteUncaught = (error: Error) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', noteUncaught);
    t = await startTestApp();
    admin = await t.signInAs('admin');
    files = await writeGeneratedFiles({ employees: 20, days: 2, seed: 11 });
    okta = await connect(admin, 'okta');
    const controller = (name: string) =>
      new pg.Client({
        connectionString: inject('pgUrl'),
        application_name: name,
        options: `-c search_path=${t.database.schema}`,
      });
    locker = controller('vigil-fault-locker');
    killer = controller('vigil-fault-killer');
    await locker.connect();
    await killer.connect();
  });
  afterEach(() => {
    expect(uncaught.splice(0).map((error) => error.message)).toEqual([]);
  });
  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', noteUncaught);
    await locker?.end();
    await killer?.end();
    files?.remove();
    await t?.close();
  });

  /** Holds a lock in an open transaction until the returned function rolls it back. */
  async function hold(lock: string, params: unknown[] = []): Promise<() => Promise<void>> {
    await locker.query('begin');
    await locker.query(lock, params);
    return async () => {
      await locker.query('rollback');
    };
  }

  /** Waits until `count` of Vigil's connections are blocked on a lock. */
  async function waitUntilBlocked(count = 1): Promise<void> {
    await expect
      .poll(
        async () =>
          (
            await killer.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and application_name = $1
                 and wait_event_type = 'Lock'`,
              [t.database.schema],
            )
          ).rows[0]!.n,
        { timeout: 20_000, interval: 20 },
      )
      .toBeGreaterThanOrEqual(count);
  }

  /** Ends every connection of this test's database; returns how many. */
  async function terminateVigilConnections(): Promise<number> {
    // With a timeout, pg_terminate_backend returns once the backends have gone.
    const ended = await killer.query(
      `select pg_terminate_backend(pid, 10000) from pg_stat_activity
       where datname = current_database() and application_name = $1
         and pid <> pg_backend_pid()`,
      [t.database.schema],
    );
    return ended.rowCount ?? 0;
  }

  const oktaBatch = () => fs.readFileSync(files.file('okta'));

  it('a push whose connection is lost while it commits: the batch is wholly out, the run failed, the next push goes in', async () => {
    // The commit updates the integration's row last; a row lock that leaves foreign-key checks
    // alone stops it there, with the batch's events already inserted in its transaction.
    const release = await hold('select 1 from integrations where id = $1 for no key update', [
      okta.id,
    ]);
    const pushed = push(t, okta.id, okta.token, oktaBatch());
    await waitUntilBlocked();
    expect(await terminateVigilConnections()).toBeGreaterThan(0);
    await release();
    const reply = await pushed;
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(await countEvents(t)).toBe(0);

    const runs = (await admin.get(`/integrations/${okta.id}/runs`)).body.runs;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'failed', accepted: 0 });
    expect(runs[0].finishedAt).not.toBeNull();
    const integration = (await admin.get(`/integrations/${okta.id}`)).body;
    expect(integration.state).toBe('failed');

    const again = await push(t, okta.id, okta.token, oktaBatch());
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.accepted).toBeGreaterThan(0);
    expect(await countEvents(t)).toBe(again.body.accepted);
  });

  it('a large batch whose connection is lost while it is staged: the batch is wholly out, the run failed', async () => {
    // Past spillBytes the batch moves to a temporary table on a client of its own; it does so
    // every 2,000 rows, so 2,100 distinct records leave the last 100 for after the loss.
    const [first] = fs.readFileSync(files.file('okta'), 'utf8').split('\n');
    const record = JSON.parse(first!) as { uuid: string };
    const lines = Array.from({ length: 2100 }, (_, i) =>
      JSON.stringify({ ...record, uuid: `staged-${i}` }),
    );
    const input = new PassThrough();
    const ingested = ingest(t.database, { source: 'okta', input, via: 'cli', spillBytes: 1 });
    const outcome = ingested.then(
      () => 'written',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    input.write(`${lines.slice(0, 2050).join('\n')}\n`);
    await expect
      .poll(
        async () =>
          (
            await killer.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where application_name = $1 and query like '%vigil_stage_events_%'`,
              [t.database.schema],
            )
          ).rows[0]!.n,
        { timeout: 20_000, interval: 20 },
      )
      .toBeGreaterThan(0);
    expect(await terminateVigilConnections()).toBeGreaterThan(0);
    input.end(lines.slice(2050).join('\n'));
    // Which of these the driver reports depends on where the write or read was when the
    // backend went: all of them mean the connection was lost.
    expect(await outcome).toMatch(
      /Connection terminated|not queryable|administrator command|EPIPE|ECONNRESET/,
    );

    const run = await t.db
      .selectFrom('ingest_runs')
      .selectAll()
      .where('source', '=', 'okta')
      .where('integration_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'failed', accepted: 0 });
    const staged = await t.db
      .selectFrom('events')
      .select('id')
      .where('source_event_id', 'like', 'staged-%')
      .execute();
    expect(staged).toEqual([]);
    expect((await admin.get('/integrations')).status).toBe(200);
  });

  it('an analysis run whose connection is lost while it saves the score: the run is failed, the next one succeeds', async () => {
    const created = await admin.post('/investigations', {
      title: 'Connection lost during analysis',
      subjectEmployeeId: 'E1003',
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const runner = new AnalysisRunner(t.database, t.app.log);
    // The run's last step saves the risk score in a transaction: it waits on this table lock.
    const release = await hold('lock table risk_assessments in exclusive mode');
    const ticked = runner.tick();
    await waitUntilBlocked();
    expect(await terminateVigilConnections()).toBeGreaterThan(0);
    await release();
    expect(await ticked).toBe(true);

    const failed = await admin.get(`/investigations/${id}`);
    expect(failed.status).toBe(200);
    expect(failed.body.analysis.state).toBe('failed');
    const saved = await t.db
      .selectFrom('risk_assessments' as never)
      .select('investigation_id' as never)
      .where('investigation_id' as never, '=', id as never)
      .execute();
    expect(saved).toEqual([]);

    await t.db
      .updateTable('investigations')
      .set({ analysis_state: 'pending' })
      .where('id', '=', id)
      .execute();
    expect(await runner.tick()).toBe(true);
    expect((await admin.get(`/investigations/${id}`)).body.analysis.state).toBe('idle');
  });

  it('reads whose connection is lost fail with a 503, and the next read succeeds', async () => {
    const created = await admin.post('/investigations', {
      title: 'Connection lost during reads',
      subjectEmployeeId: 'E1004',
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const release = await hold('lock table investigations in access exclusive mode');
    const reads = [
      admin.get(`/investigations/${id}`),
      admin.get('/investigations'),
      admin.get(`/investigations/${id}/incidents`),
    ];
    await waitUntilBlocked(reads.length);
    expect(await terminateVigilConnections()).toBeGreaterThan(0);
    await release();
    for (const reply of await Promise.all(reads)) expect(reply.status).toBe(503);

    const after = await admin.get(`/investigations/${id}`);
    expect(after.status).toBe(200);
    expect(after.body.title).toBe('Connection lost during reads');
    expect((await admin.get('/investigations')).status).toBe(200);
  });
});
