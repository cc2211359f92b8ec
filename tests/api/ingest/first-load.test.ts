import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import {
  buildDeferredIndexes,
  hasDeferredIndexes,
} from '../../../src/server/db/queries/deferred-indexes';
import { withEventIndexesDeferred } from '../../../src/server/ingest/pipeline/first-load';
import { ingest } from '../../../src/server/ingest/pipeline/ingest';
import { openTestDatabase, testDialect } from '../support/test-database';

let handle: DatabaseHandle;

beforeEach(async () => {
  handle = await openTestDatabase();
});
afterEach(async () => {
  await handle?.close();
});

const DAY = 86_400_000;
/** Sign-ins spread over three months, so several monthly partitions are made by the load. */
const records = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    activity: 'login',
    action: 'user.session.start',
    time: Date.UTC(2026, 6, 1) + i * 3 * DAY,
    actorEmail: 'maya.okafor@northwind.example',
    sourceEventId: `${prefix}-${i}`,
  }));

const push = async (prefix: string, n: number) => {
  const result = await ingest(handle, {
    source: 'normalized',
    input: { records: records(prefix, n) },
    via: 'push',
  });
  expect(result.accepted).toBe(n);
};

/** The indexes of events, `name: definition` without the schema (PostgreSQL). */
const indexes = async () =>
  (
    await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = ${handle.schema!} and tablename = 'events' order by indexname`.execute(
      handle.db,
    )
  ).rows.map((row) => `${row.name}: ${row.definition.replace(` ${handle.schema!}.`, ' ')}`);

/** How many partitions of events carry an index. */
const partitionsCarrying = async (index: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from pg_inherits
        where inhparent = ${`"${handle.schema!}".${index}`}::regclass`.execute(handle.db)
    ).rows[0]!.n,
  );

const eventCount = async () =>
  Number(
    (
      await handle.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.runIf(testDialect() === 'postgres')('a first load into PostgreSQL', () => {
  it('fills the empty events table without its secondary indexes, then builds them all', async () => {
    const before = await indexes();
    let during: string[] = [];
    const { indexes: done } = await withEventIndexesDeferred(handle, async () => {
      await push('first', 40);
      during = await indexes();
    });
    // Only the primary key and the unique index the ingest's `on conflict` needs stayed.
    expect(during.map((d) => d.split(':')[0])).toEqual(['events_pk', 'events_source_id']);
    expect(done.deferred).toBe(before.length - 2);
    expect(await indexes()).toEqual(before);
    expect(await handle.db.selectFrom('deferred_indexes').selectAll().execute()).toEqual([]);
    expect(await eventCount()).toBe(40);
    // Every partition the load made carries them again (the trigram index, say).
    const partitions = await partitionsCarrying('events');
    expect(partitions).toBeGreaterThan(2);
    expect(await partitionsCarrying('events_text_trgm')).toBe(partitions);
  });

  it('keeps the indexes when events are already stored: their readers need them', async () => {
    await push('earlier', 3);
    const before = await indexes();
    let during: string[] = [];
    const { indexes: done } = await withEventIndexesDeferred(handle, async () => {
      await push('later', 10);
      during = await indexes();
    });
    expect(done.deferred).toBe(0);
    expect(during).toEqual(before);
    expect(await eventCount()).toBe(13);
  });

  it('builds them again when the load fails, and the failure is still thrown', async () => {
    const before = await indexes();
    // Also when asked to leave them for later: a failed load's caller may not go on to build.
    await expect(
      withEventIndexesDeferred(
        handle,
        async () => {
          await push('partial', 5);
          throw new Error('the source went away');
        },
        Date.now(),
        { later: true },
      ),
    ).rejects.toThrow('the source went away');
    expect(await indexes()).toEqual(before);
    expect(await handle.db.selectFrom('deferred_indexes').selectAll().execute()).toEqual([]);
  });

  it('leaves them set aside for later when asked, until buildDeferredIndexes makes them', async () => {
    const before = await indexes();
    const { indexes: done } = await withEventIndexesDeferred(handle, () => push('first', 12), 0, {
      later: true,
    });
    expect(done).toEqual({ deferred: before.length - 2, buildSeconds: 0 });
    expect((await indexes()).map((d) => d.split(':')[0])).toEqual([
      'events_pk',
      'events_source_id',
    ]);
    expect(await hasDeferredIndexes(handle.db)).toBe(true);
    expect(await buildDeferredIndexes(handle.db)).toBe(before.length - 2);
    expect(await indexes()).toEqual(before);
    expect(await hasDeferredIndexes(handle.db)).toBe(false);
    expect(await eventCount()).toBe(12);
  });
});

describe.runIf(testDialect() === 'sqlite')('a first load into SQLite', () => {
  it('keeps every index: SQLite never defers', async () => {
    const { indexes: done } = await withEventIndexesDeferred(handle, () => push('first', 5));
    expect(done.deferred).toBe(0);
    expect(await handle.db.selectFrom('deferred_indexes').selectAll().execute()).toEqual([]);
    expect(await eventCount()).toBe(5);
  });
});
