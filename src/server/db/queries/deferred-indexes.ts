import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/*
 * Indexes of `events` set aside while a bulk load fills the empty table (PostgreSQL): building
 * an index once over the loaded rows costs a third of keeping it row by row (the demo's 178k
 * events: 5 s of server CPU against 10 s for the thirteen secondary indexes, the trigram index
 * most of it). The primary key and the (source, source_event_id, time) unique index stay: the
 * ingest's `on conflict` needs them. See migration 0041 for why the rows make this crash-safe.
 */

/** The indexes the ingest itself needs, never deferred. */
const KEPT = ['events_pk', 'events_source_id'];

/**
 * Drops the secondary indexes of `events` and notes each with its definition, in one
 * transaction. Returns how many. PostgreSQL only.
 */
export async function deferEventIndexes(
  db: Kysely<Database>,
  schema: string,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const indexes = (
      await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
        where schemaname = ${schema} and tablename = 'events'
          and indexname not in (${sql.join(KEPT)})
        order by indexname`.execute(trx)
    ).rows;
    for (const index of indexes) {
      // A partitioned table's index reads `ON ONLY`: made again, it must reach every partition.
      const definition = index.definition.replace(' ON ONLY ', ' ON ');
      await trx
        .insertInto('deferred_indexes')
        .values({ name: index.name, definition, deferred_at: now })
        .execute();
      await sql`drop index ${sql.id(schema, index.name)}`.execute(trx);
    }
    return indexes.length;
  });
}

/**
 * Memory for building one index (PostgreSQL's default is 64 MB): the trigram index of a few
 * million events sorts far fewer runs with more. Per statement, only while building.
 */
const BUILD_MEMORY = '256MB';

/** How many indexes are built at once: one per connection, each on its own core. */
const BUILDERS = 2;

/**
 * Makes every deferred index again, each in its own transaction with the deletion of its row,
 * two at a time on two connections (CREATE INDEX takes a SHARE lock, which another CREATE INDEX
 * shares): the trigram index is built on one core while the b-trees go on the other. The
 * trigram index goes first, as the longest. Returns how many. Nothing to do (one read) unless a
 * load deferred some.
 */
export async function buildDeferredIndexes(db: Kysely<Database>): Promise<number> {
  const deferred = await db
    .selectFrom('deferred_indexes')
    .select(['name', 'definition'])
    .orderBy('name')
    .execute();
  const queue = [...deferred].sort(
    (a, b) => Number(b.definition.includes(' gin ')) - Number(a.definition.includes(' gin ')),
  );
  const builder = async (): Promise<void> => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      const { name, definition } = index;
      await db.transaction().execute(async (trx) => {
        await sql`select set_config('maintenance_work_mem', ${BUILD_MEMORY}, true)`.execute(trx);
        await sql.raw(definition).execute(trx);
        await trx.deleteFrom('deferred_indexes').where('name', '=', name).execute();
      });
    }
  };
  // A builder stops at its first failure; the other goes on through the queue, then it throws.
  const results = await Promise.allSettled(Array.from({ length: BUILDERS }, builder));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return deferred.length;
}

/** Whether `events` holds any row: a load into an empty table may defer its indexes. */
export async function hasAnyEvent(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('events').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Whether a load left indexes to rebuild. */
export async function hasDeferredIndexes(db: Kysely<Database>): Promise<boolean> {
  return (
    (await db.selectFrom('deferred_indexes').select('name').limit(1).executeTakeFirst()) !==
    undefined
  );
}
