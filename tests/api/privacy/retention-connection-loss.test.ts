import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';

/**
 * A PostgreSQL connection lost in the middle of a retention run (issue 23, item 7): the reply
 * says what the run removed before it stopped, never "nothing was changed", and the audit log
 * holds an entry for each batch that went. A second connection holds a lock the run needs after
 * its first person's events went; once Vigil waits on it, a third ends every connection of this
 * test's database.
 * SQLite has no connection to lose.
 */
describe.runIf(testDialect() === 'postgres')('a retention run that loses its connection', () => {
  const DAY = 86_400_000;
  let t: TestApp;
  let admin: ApiClient;
  let locker: pg.Client;
  let killer: pg.Client;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.signInAs('admin');
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      source: 'normalized',
      source_event_id: `lost-${i}`,
      integration_id: null,
      time: Date.now() - 300 * DAY + i * 1000,
      employee_id: `lost-person-${i % 3}`,
      class_uid: 0,
      activity_id: 0,
      category: 'file',
      activity: 'file_view',
      action: 'file_view',
      outcome: 'success',
      attributes: '{}',
      ingested_at: Date.now() - 300 * DAY,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('events')
        .values(rows.slice(i, i + 500))
        .execute();
    const controller = (name: string) =>
      new pg.Client({
        connectionString: inject('pgUrl'),
        application_name: name,
        options: `-c search_path=${t.database.schema}`,
      });
    locker = controller('vigil-retention-locker');
    killer = controller('vigil-retention-killer');
    await locker.connect();
    await killer.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await killer?.end();
    await t?.close();
  });

  const countOf = async (query: string): Promise<number> =>
    Number((await killer.query<{ n: string }>(query)).rows[0]!.n);

  it('answers 503 saying what it removed, each removal audited', async () => {
    // The run removes the first person's events, then waits to unlink their alerts.
    await locker.query('begin');
    await locker.query('lock table alert_events in access exclusive mode');
    const running = admin.post('/privacy/retention/run', {});
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
        { timeout: 20_000, interval: 10 },
      )
      .toBeGreaterThanOrEqual(1);
    const ended = await killer.query(
      `select pg_terminate_backend(pid, 10000) from pg_stat_activity
       where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [t.database.schema],
    );
    expect(ended.rowCount).toBeGreaterThan(0);
    await locker.query('rollback');

    const reply = await running;
    expect(reply.status).toBe(503);
    expect(reply.body.message).not.toContain('nothing was changed');
    const said = /it removed ([\d,]+) events?/.exec(reply.body.message);
    expect(said, reply.body.message).not.toBeNull();
    const removed = Number(said![1]!.replaceAll(',', ''));
    const left = await countOf(`select count(*) as n from events`);
    expect(removed).toBe(1000);
    expect(left).toBe(2000);
    const audited = await countOf(
      `select coalesce(sum((details ->> 'removed')::int), 0) as n from audit_log
       where action = 'retention.batch' and details ->> 'step' = 'events'`,
    );
    expect(audited).toBe(removed);
    expect(
      await countOf(`select count(*) as n from audit_log where action = 'retention.run'`),
    ).toBe(0);
  }, 60_000);
});
