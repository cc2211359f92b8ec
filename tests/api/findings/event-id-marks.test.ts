import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { maxEventId } from '../../../src/server/db/queries/findings/rollups';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import { insertEvents } from './support/insert-events';
import type { TestEvent } from './support/insert-events';

/*
 * The newest event id, asked by every finding request (are this person's rollups up to date?),
 * comes on PostgreSQL from the marks the events' insert trigger keeps (migration 0054), not
 * from max(id) over every monthly partition. It must be what max(id) says, ingests running at
 * once must not wait on each other for it, and the table must stay small.
 */
const DAY = 86_400_000;
const event = (n: number): TestEvent => ({
  time: Date.parse('2026-06-01T00:00:00Z') + n * DAY,
  employee_id: null,
  category: 'app',
  activity: 'sign_in',
});

describe.runIf(testDialect() === 'postgres')('the newest event id on PostgreSQL', () => {
  let t: TestApp;
  const newest = () => maxEventId(t.db, 'postgres');
  const maxId = async () =>
    Number(
      (await sql<{ id: string | null }>`select max(id) as id from events`.execute(t.db)).rows[0]
        ?.id ?? 0,
    );

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is max(id) of the committed events, insert after insert, and keeps a row or two', async () => {
    for (let i = 0; i < 12; i++) {
      await insertEvents(t, [event(i), event(i + 40)]);
      expect(await newest()).toBe(await maxId());
    }
    const rows = await sql<{ n: string }>`select count(*) as n from event_id_marks`.execute(t.db);
    expect(Number(rows.rows[0]!.n)).toBeLessThanOrEqual(2);
  });

  it('does not move for an insert rolled back', async () => {
    const before = await newest();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await insertEvents({ db: trx }, [event(3)]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await newest()).toBe(before);
    expect(await newest()).toBe(await maxId());
  });

  it('lets two ingests write at once: neither waits for the other to commit', async () => {
    await t.db.transaction().execute(async (trx) => {
      // The first ingest has written (and marked) but not committed...
      await insertEvents({ db: trx }, [event(5)]);
      // ...while the second writes and commits on another connection.
      const second = insertEvents(t, [event(6)]).then(() => 'committed');
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 5_000));
      expect(await Promise.race([second, waited])).toBe('committed');
    });
    expect(await newest()).toBe(await maxId());
  });
});
