import type SQLite from 'better-sqlite3';
import type pg from 'pg';

import type { QuarantineValues } from '../quarantine/quarantine-row';
import type { CommitBookkeeping } from './staged-rows';

/*
 * The statements that write a batch's quarantined records. Like the events insert they stay
 * beside the stage: they run on the raw connection inside the batch's transaction.
 */

const COLUMNS =
  'integration_id, run_id, source, position, reason, raw, raw_encoding, raw_bytes, created_at';

/** Records per PostgreSQL round trip (each at most 1 MB of text). */
const PG_CHUNK = 200;

/** What every quarantined record of a batch shares: its integration, run, source and time. */
export type QuarantineTag = Pick<
  CommitBookkeeping,
  'integrationId' | 'runId' | 'source' | 'now' | 'originOf'
>;

function positional(row: QuarantineValues, book: QuarantineTag): unknown[] {
  const origin = book.originOf?.(row.position);
  return [
    book.integrationId,
    origin?.runId ?? book.runId,
    book.source,
    origin?.position ?? row.position,
    row.reason,
    row.raw,
    row.rawEncoding,
    row.rawBytes,
    book.now,
  ];
}

/** Inserts quarantined records on SQLite (inside the batch's open transaction). */
export function insertQuarantinedSqlite(
  sqlite: SQLite.Database,
  rows: readonly QuarantineValues[],
  book: QuarantineTag,
): void {
  if (rows.length === 0) return;
  const insert = sqlite.prepare(
    `insert into main.quarantined_records (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const row of rows) insert.run(positional(row, book));
}

/** Removes the quarantined records a retry re-read, on SQLite. */
export function deleteRetriedSqlite(sqlite: SQLite.Database, ids: readonly number[]): void {
  const remove = sqlite.prepare('delete from main.quarantined_records where id = ?');
  for (const id of ids) remove.run(id);
}

/** Inserts quarantined records on PostgreSQL, a chunk per statement. */
export async function insertQuarantinedPostgres(
  client: pg.PoolClient,
  rows: readonly QuarantineValues[],
  book: QuarantineTag,
): Promise<void> {
  for (let i = 0; i < rows.length; i += PG_CHUNK) {
    const chunk = rows.slice(i, i + PG_CHUNK).map((row) => positional(row, book));
    const column = (index: number) => chunk.map((values) => values[index]);
    await client.query(
      `insert into quarantined_records (${COLUMNS})
       select $1::text, t.run_id, $2::text, t.position, t.reason, t.raw, t.raw_encoding,
         t.raw_bytes, $3::bigint
       from unnest($4::bigint[], $5::int[], $6::text[], $7::text[], $8::text[], $9::int[])
         as t(run_id, position, reason, raw, raw_encoding, raw_bytes)`,
      [
        book.integrationId,
        book.source,
        book.now,
        column(1),
        column(3),
        column(4),
        column(5),
        column(6),
        column(7),
      ],
    );
  }
}

/** Removes the quarantined records a retry re-read, on PostgreSQL. */
export async function deleteRetriedPostgres(
  client: pg.PoolClient,
  ids: readonly number[],
): Promise<void> {
  if (ids.length > 0) {
    await client.query('delete from quarantined_records where id = any($1::bigint[])', [ids]);
  }
}
