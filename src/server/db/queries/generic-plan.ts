import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

import { inTransaction } from '../in-transaction';
import type { Database } from '../schema';

/*
 * A read whose time bounds reach back over most of the events' monthly partitions is planned
 * anew at every run over each partition and its indexes (18 of them): on PostgreSQL 15 at
 * 121 partitions, 180-250 ms of planning for 1-20 ms of reading (EXPLAIN of detection's
 * departure and matchable-span reads; more at 156 partitions). Detection runs such reads once
 * per batch of people, so planning was most of their cost. Prepared once per connection and
 * run with a generic plan, the statement is planned once; its partitions are pruned as it
 * starts (the same partitions, the same rows), for well under a millisecond.
 */

/** A statement prepared by name: its parameters' types and its text, with $1, $2... */
export interface PreparedRead {
  /** Unique among the statements prepared this way (a connection keeps it until it closes). */
  name: string;
  types: readonly string[];
  text: string;
}

/** A text[] literal (EXECUTE takes its arguments as literals, not as protocol parameters). */
export function textArray(values: readonly string[]): RawBuilder<unknown> {
  return values.length === 0
    ? sql`cast(array[] as text[])`
    : sql`cast(array[${sql.join(values.map((value) => sql.lit(value)))}] as text[])`;
}

/** A bigint literal (epoch milliseconds). */
export function bigintLiteral(value: number): RawBuilder<unknown> {
  if (!Number.isSafeInteger(value)) throw new Error(`${value} is not a whole number.`);
  return sql`cast(${sql.lit(value)} as bigint)`;
}

/**
 * Runs a prepared read (PostgreSQL only) with a generic plan: prepared on the connection the
 * first time it runs there, then planned no more. `args` are literals (textArray,
 * bigintLiteral), in the order of `read.types`.
 */
export async function runPrepared<R>(
  db: Kysely<Database>,
  read: PreparedRead,
  args: ReadonlyArray<RawBuilder<unknown>>,
): Promise<R[]> {
  if (!/^vigil_[a-z_]+$/.test(read.name))
    throw new Error(`"${read.name}" is not a statement name.`);
  return inTransaction(db, async (trx) => {
    // Generic plans for this transaction's prepared statements only (Kysely's own statements
    // are not prepared by name); put back before the caller's transaction goes on.
    const { rows } = await sql<{ ready: boolean }>`
      select set_config('plan_cache_mode', 'force_generic_plan', true) is not null
        and exists (select 1 from pg_prepared_statements where name = ${read.name}) as ready`.execute(
      trx,
    );
    if (!rows[0]?.ready) {
      await sql.raw(`prepare ${read.name} (${read.types.join(', ')}) as ${read.text}`).execute(trx);
    }
    const result = await sql<R>`execute ${sql.raw(read.name)} (${sql.join([...args])})`.execute(
      trx,
    );
    if (db.isTransaction) await sql`set local plan_cache_mode to default`.execute(trx);
    return result.rows;
  });
}
