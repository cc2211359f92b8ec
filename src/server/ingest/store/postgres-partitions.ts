import type pg from 'pg';

/*
 * Partition DDL lives beside the ingest that needs it: partitions are created on demand, per
 * month of data, not by a migration.
 */

/** `YYYY-MM` of an instant, in UTC. */
export function monthKey(time: number): string {
  return new Date(time).toISOString().slice(0, 7);
}

/** The UTC bounds of a `YYYY-MM` month in epoch ms: [from, to). */
export function monthBounds(key: string): { from: number; to: number } {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return { from: Date.UTC(year, month - 1, 1), to: Date.UTC(year, month, 1) };
}

/** The partition's name, e.g. `events_y2026m10`. */
export function partitionName(key: string): string {
  return `events_y${key.replace('-', 'm')}`;
}

/** Errors that mean another process created the partition at the same moment. */
const CREATION_RACE = new Set(['42P07', '23505']);
/** The default partition already holds rows of that month: they stay there, which is correct. */
const DEFAULT_HOLDS_ROWS = '23514';

/** Partitions known to exist, per pool and schema, so steady-state ingest asks nothing. */
const known = new WeakMap<pg.Pool, Set<string>>();

/**
 * Makes sure the monthly partitions of `events` exist for these months. Each is created in its
 * own short autocommit statement, before the batch's transaction begins: creating a partition
 * locks the parent table exclusively, and holding that for a whole batch would block every
 * reader of events (and two batches creating months in different orders could deadlock).
 * An empty partition left by a batch that later rolls back is harmless.
 */
export async function ensureMonthlyPartitions(
  pool: pg.Pool,
  client: pg.PoolClient,
  schema: string,
  months: Iterable<string>,
): Promise<void> {
  let cache = known.get(pool);
  if (!cache) {
    cache = new Set();
    known.set(pool, cache);
  }
  for (const key of [...new Set(months)].sort()) {
    const name = partitionName(key);
    const cacheKey = `${schema}.${name}`;
    if (cache.has(cacheKey)) continue;
    const exists = await client.query<{ found: string | null }>('select to_regclass($1) as found', [
      `${quoteIdent(schema)}.${name}`,
    ]);
    if (exists.rows[0]?.found == null) await createPartition(client, schema, key);
    cache.add(cacheKey);
  }
}

async function createPartition(client: pg.PoolClient, schema: string, key: string): Promise<void> {
  const { from, to } = monthBounds(key);
  const table = `${quoteIdent(schema)}.${partitionName(key)}`;
  try {
    await client.query(
      `create table if not exists ${table} partition of ${quoteIdent(schema)}.events for values from (${from}) to (${to})`,
    );
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (CREATION_RACE.has(code) || code === DEFAULT_HOLDS_ROWS) return;
    throw error;
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
