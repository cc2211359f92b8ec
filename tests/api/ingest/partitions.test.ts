import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { toEventRow } from '../../../src/server/ingest/store/event-row';
import { insertEventRows } from '../../../src/server/ingest/store/insert-event-rows';
import {
  ensureMonthlyPartitions,
  partitionName,
} from '../../../src/server/ingest/store/postgres-partitions';
import { testDialect } from '../support/test-database';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const record = (id: string, time: number) => ({
  activity: 'login',
  action: 'user.session.start',
  time,
  actorEmail: 'maya.okafor@northwind.example',
  sourceEventId: id,
});

async function partitionOf(sourceEventId: string): Promise<string> {
  const row = await sql<{ partition: string }>`
    select tableoid::regclass::text as partition from events where source_event_id = ${sourceEventId}`.execute(
    t.db,
  );
  return row.rows[0]!.partition.split('.').pop()!;
}

describe.runIf(testDialect() === 'postgres')('monthly partitions of events on PostgreSQL', () => {
  it('creates the month’s partition before writing, even when two batches race for it', async () => {
    const pool = t.database.pool!;
    const [a, b] = await Promise.all([pool.connect(), pool.connect()]);
    try {
      await Promise.all([
        ensureMonthlyPartitions(pool, a, t.database.schema!, ['2025-03']),
        ensureMonthlyPartitions(pool, b, t.database.schema!, ['2025-03']),
      ]);
    } finally {
      a.release();
      b.release();
    }
    const result = await ingest(t.database, {
      source: 'normalized',
      input: {
        records: [record('march', Date.UTC(2025, 2, 14)), record('april', Date.UTC(2025, 3, 2))],
      },
      via: 'cli',
    });
    expect(result).toMatchObject({ status: 'succeeded', accepted: 2 });
    expect(await partitionOf('march')).toBe(partitionName('2025-03'));
    expect(await partitionOf('april')).toBe(partitionName('2025-04'));
  });

  it('leaves a month in the default partition when rows already landed there', async () => {
    const time = Date.UTC(2024, 6, 9);
    const stray = toEventRow(
      {
        source: 'normalized',
        sourceEventId: 'stray',
        time,
        classUid: 3002,
        activityId: 1,
        category: 'auth',
        activity: 'login',
        action: 'login',
        outcome: 'success',
        actorEmail: null,
        actorId: 'x',
        app: null,
        ip: null,
        location: null,
        file: null,
        email: null,
        chat: null,
        repository: null,
        device: null,
        process: null,
        target: null,
        attributes: {},
        raw: null,
      },
      null,
      Date.now(),
    );
    expect(await insertEventRows(t.db, [stray])).toBe(1);
    const result = await ingest(t.database, {
      source: 'normalized',
      input: { records: [record('july', time + 3_600_000)] },
      via: 'cli',
    });
    expect(result).toMatchObject({ status: 'succeeded', accepted: 1 });
    expect(await partitionOf('july')).toBe('events_default');
  });
});
