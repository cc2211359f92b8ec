import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureMonthlyPartitions } from '../../../src/server/ingest/store/postgres-partitions';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { testDialect } from '../support/test-database';
import { insertEvents } from '../findings/support/insert-events';

/*
 * Migration 0055: on a PostgreSQL server with lz4 (the test server has it), the large JSON
 * columns of events are compressed with lz4, in the table, in every partition that existed,
 * and in a partition made afterwards by the ingest; a large record written now is stored lz4.
 */
describe.runIf(testDialect() === 'postgres')('events compressed with lz4 on PostgreSQL', () => {
  let t: TestApp;
  /** The compression option of raw and attributes in events and each partition ('l': lz4). */
  const options = async () =>
    (
      await sql<{ table: string; column: string; method: string }>`
        select c.relname as table, a.attname as column, a.attcompression as method
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        where a.attname in ('raw', 'attributes')
          and (c.oid = 'events'::regclass
            or c.oid in (select inhrelid from pg_inherits where inhparent = 'events'::regclass))
        order by 1, 2`.execute(t.db)
    ).rows;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets lz4 on events and the partitions that exist', async () => {
    const server = await sql<{ lz4: boolean }>`
      select 'lz4' = any(enumvals) as lz4 from pg_settings
      where name = 'default_toast_compression'`.execute(t.db);
    expect(server.rows[0]?.lz4).toBe(true);
    const rows = await options();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.method !== 'l')).toEqual([]);
  });

  it('reaches a month partition made later, and a large record is stored lz4', async () => {
    const time = Date.parse('2019-03-14T10:00:00Z');
    const client = await t.database.pool!.connect();
    try {
      await ensureMonthlyPartitions(t.database.pool!, client, t.database.schema ?? 'public', [
        '2019-03',
      ]);
    } finally {
      client.release();
    }
    expect(await options()).toContainEqual({
      table: 'events_y2019m03',
      column: 'raw',
      method: 'l',
    });
    const raw = JSON.stringify({ lines: Array.from({ length: 400 }, (_, i) => `line ${i % 7}`) });
    await insertEvents(t, [
      {
        time,
        employee_id: null,
        category: 'app',
        activity: 'sign_in',
        source_event_id: 'lz4-1',
        raw,
      },
    ]);
    const stored = await sql<{ method: string | null }>`
      select pg_column_compression(raw) as method from events
      where source_event_id = 'lz4-1'`.execute(t.db);
    expect(stored.rows).toEqual([{ method: 'lz4' }]);
  });
});
