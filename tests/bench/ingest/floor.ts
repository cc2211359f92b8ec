import { EVENT_COLUMNS } from '../../../src/server/ingest/store/event-row';
import {
  ensureMonthlyPartitions,
  monthKey,
} from '../../../src/server/ingest/store/postgres-partitions';
import type { BenchDatabase } from './engines';

const columns = EVENT_COLUMNS.map((c) => `"${c}"`).join(', ');

/** Every events row of a database, positionally, in id order: "the same rows" for a floor. */
export async function readRows(source: BenchDatabase): Promise<unknown[][]> {
  const { handle } = source;
  if (handle.sqlite)
    return handle.sqlite
      .prepare(`select ${columns} from events order by id`)
      .raw()
      .all() as unknown[][];
  const result = await handle.pool!.query({
    text: `select ${columns} from events order by id`,
    rowMode: 'array',
  });
  // jsonb comes back parsed; the insert sends text.
  const json = new Set(
    ['email_recipients', 'email_domains', 'attributes', 'raw'].map((c) =>
      EVENT_COLUMNS.indexOf(c as never),
    ),
  );
  return result.rows.map((row: unknown[]) =>
    row.map((v, i) => (json.has(i) && v !== null ? JSON.stringify(v) : v)),
  );
}

/**
 * The SQLite floor: a bare better-sqlite3 prepared insert of the rows in one transaction into
 * an empty events table (same schema and indexes as the server's). Returns rows per second.
 */
export function sqliteFloor(target: BenchDatabase, rows: readonly unknown[][]): number {
  const sqlite = target.handle.sqlite!;
  const insert = sqlite.prepare(
    `insert into events (${columns}) values (${EVENT_COLUMNS.map(() => '?').join(', ')})`,
  );
  const started = performance.now();
  sqlite.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
  return Math.round(rows.length / ((performance.now() - started) / 1000));
}

/**
 * The PostgreSQL reference: the same rows in chunks of 5,000, each sent as one JSON array of
 * positional rows and unpacked by `jsonb_array_elements`, one transaction, no conflict handling
 * (partitions made beforehand). The same transport as the ingest, which replaced whole columns
 * as arrays (`unnest`): the pg driver's array literals cost 8x the client CPU.
 */
export async function postgresFloor(
  target: BenchDatabase,
  rows: readonly unknown[][],
): Promise<number> {
  const { pool } = target.handle;
  const client = await pool!.connect();
  try {
    const timeIndex = EVENT_COLUMNS.indexOf('time');
    await ensureMonthlyPartitions(
      pool!,
      client,
      'public',
      new Set(rows.map((r) => monthKey(r[timeIndex] as number))),
    );
    const types = await client.query<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns where table_name = 'events' and table_schema = 'public'`,
    );
    const typeOf = new Map(types.rows.map((r) => [r.column_name, r.data_type]));
    const select = EVENT_COLUMNS.map((c, i) =>
      typeOf.get(c) === 'text' ? `r->>${i}` : `(r->>${i})::${typeOf.get(c)}`,
    ).join(', ');
    const text = `insert into events (${columns}) select ${select} from jsonb_array_elements($1::jsonb) as r`;
    const started = performance.now();
    await client.query('begin');
    for (let i = 0; i < rows.length; i += 5000) {
      await client.query(text, [JSON.stringify(rows.slice(i, i + 5000))]);
    }
    await client.query('commit');
    return Math.round(rows.length / ((performance.now() - started) / 1000));
  } finally {
    client.release();
  }
}
