import fs from 'node:fs';
import { parseArgs } from 'node:util';

import { loadConfig } from '../config';
import { isPostgresUrl, openDatabase, sqliteFileFor } from '../db/database';
import type { DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import {
  postgresClear,
  postgresColumns,
  postgresHasRows,
  postgresInsert,
  postgresMigrations,
  postgresResetSequences,
  sqliteEventMonths,
  sqliteHasMigrations,
  sqliteMigrations,
  sqliteRows,
  sqliteTables,
} from '../db/queries/copy-tables';
import type { SourceTable } from '../db/queries/copy-tables';
import { ensureMonthlyPartitions } from '../ingest/store/postgres-partitions';
import type { CliOutput } from './ingest';

const USAGE = `Usage: npm run copy-data -- --to postgres://USER@HOST:PORT/DATABASE [--from FILE]

Copies everything Vigil keeps in a SQLite database (--from, else DATABASE_URL, else
data/vigil.db) into a PostgreSQL database: every table, in the order its foreign keys need, in
batches, inside one transaction (a failure leaves the target as it was). The target is migrated
first and must hold no users, cases or events of its own. Stop Vigil before copying; then start
it with DATABASE_URL set to the target. The SQLite file is only read.`;

const consoleOutput: CliOutput = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Tables whose rows mean the target is in use (the migrations seed others: roles, rules…). */
const IN_USE = ['users', 'investigations', 'events'];

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters a statement. */
function batchRows(columns: number): number {
  return Math.max(1, Math.min(1000, Math.floor(60_000 / Math.max(columns, 1))));
}

/** Tables in an order where every table comes after those its foreign keys point to. */
export function dependencyOrder(tables: readonly SourceTable[]): SourceTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const order: SourceTable[] = [];
  const visit = (table: SourceTable) => {
    if (done.has(table.name)) return;
    if (visiting.has(table.name))
      throw new Error(`The tables' foreign keys go round in a circle through ${table.name}.`);
    visiting.add(table.name);
    for (const parent of table.parents) {
      const p = byName.get(parent);
      if (p) visit(p);
    }
    visiting.delete(table.name);
    done.add(table.name);
    order.push(table);
  };
  for (const table of tables) visit(table);
  return order;
}

/** What was copied: rows per table, in copy order. */
export type CopyCounts = Array<{ table: string; rows: number }>;

/**
 * Copies a SQLite database into a migrated PostgreSQL one (see USAGE). Throws a sentence when
 * the two are at different migrations, a table or column is missing on the target, or the
 * target already holds data; the target is untouched then.
 */
export async function copySqliteToPostgres(
  source: DatabaseHandle,
  target: DatabaseHandle,
  progress: (line: string) => void = () => undefined,
): Promise<CopyCounts> {
  if (!source.sqlite) throw new Error('The source must be a SQLite database.');
  if (!target.pool) throw new Error('The target must be a PostgreSQL database (postgres://…).');
  const sqlite = source.sqlite;
  const schema = target.schema ?? 'public';
  const client = await target.pool.connect();
  try {
    if (!sqliteHasMigrations(sqlite))
      throw new Error(`${source.description} is not a Vigil database (it has no migrations).`);
    const from = sqliteMigrations(sqlite);
    const to = new Set(await postgresMigrations(client, schema));
    const missing = from.filter((name) => !to.has(name));
    const behind = [...to].filter((name) => !from.includes(name));
    if (missing.length > 0)
      throw new Error(
        `The SQLite database has migrations this Vigil does not know (${missing.join(', ')}): copy with the Vigil that wrote it.`,
      );
    if (behind.length > 0)
      throw new Error(
        `The SQLite database is behind this Vigil (${behind.join(', ')} not run): start this Vigil once on it (npm start), stop it, then copy.`,
      );
    const tables = dependencyOrder(sqliteTables(sqlite));
    const plan: Array<{ table: SourceTable; columns: string[] }> = [];
    for (const table of tables) {
      const targetColumns = new Set(await postgresColumns(client, schema, table.name));
      if (targetColumns.size === 0)
        throw new Error(`The target has no table ${table.name}; is it Vigil's database?`);
      const absent = table.columns.filter((c) => !targetColumns.has(c));
      if (absent.length > 0)
        throw new Error(`The target's ${table.name} has no column ${absent.join(', ')}.`);
      plan.push({ table, columns: table.columns });
    }
    for (const name of IN_USE) {
      if (await postgresHasRows(client, schema, name))
        throw new Error(
          `The target already holds data (its ${name} table has rows): copy into a new, empty database.`,
        );
    }
    // Monthly partitions first, outside the transaction, as the ingest makes them: every copied
    // event lands in its month's partition rather than the default one.
    if (tables.some((t) => t.name === 'events'))
      await ensureMonthlyPartitions(target.pool, client, schema, sqliteEventMonths(sqlite));

    const counts: CopyCounts = [];
    await client.query('begin');
    try {
      await postgresClear(
        client,
        schema,
        [...plan].reverse().map((p) => p.table.name),
      );
      for (const { table, columns } of plan) {
        const size = batchRows(columns.length);
        let batch: Array<Record<string, unknown>> = [];
        let rows = 0;
        for (const row of sqliteRows(sqlite, table)) {
          batch.push(row);
          if (batch.length === size) {
            await postgresInsert(client, schema, table.name, columns, batch);
            rows += batch.length;
            batch = [];
          }
        }
        await postgresInsert(client, schema, table.name, columns, batch);
        rows += batch.length;
        await postgresResetSequences(client, schema, table.name, columns);
        counts.push({ table: table.name, rows });
        if (rows > 0) progress(`  ${table.name.padEnd(32)} ${String(rows).padStart(10)} rows`);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
    return counts;
  } finally {
    client.release();
  }
}

/**
 * `npm run copy-data`, as a function: tests pass their own handles. Returns the exit code (0
 * copied, 1 refused or failed with nothing written, 2 bad arguments).
 */
export async function copyDataCommand(
  argv: readonly string[],
  output: CliOutput = consoleOutput,
  handles?: { source: DatabaseHandle; target: DatabaseHandle },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { to: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    output.err(`copy-data: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    output.out(USAGE);
    return 0;
  }
  const to = parsed.values.to;
  if (!handles && !isPostgresUrl(to)) {
    output.err(`copy-data: --to must be a postgres:// URL.\n\n${USAGE}`);
    return 2;
  }
  const fromUrl = parsed.values.from ?? loadConfig().databaseUrl;
  if (!handles && isPostgresUrl(fromUrl)) {
    output.err(
      'copy-data: the source is already PostgreSQL; copy-data moves a SQLite database (--from FILE) into PostgreSQL.',
    );
    return 2;
  }
  // Opening a missing file would make an empty database: say so instead.
  const sourceFile = sqliteFileFor(fromUrl);
  if (!handles && (sourceFile === ':memory:' || !fs.existsSync(sourceFile))) {
    output.err(`copy-data: there is no SQLite database at ${sourceFile}; name it with --from.`);
    return 2;
  }
  const source = handles?.source ?? openDatabase(fromUrl);
  const target = handles?.target ?? openDatabase(to);
  const started = performance.now();
  try {
    if (!handles) await migrateToLatest(target.db, target.dialect, target.schema);
    output.out(`copy-data: ${source.description} -> ${target.description}`);
    const counts = await copySqliteToPostgres(source, target, (line) => output.out(line));
    const rows = counts.reduce((sum, c) => sum + c.rows, 0);
    output.out(
      `copy-data: ${rows} rows in ${counts.length} tables copied in ${((performance.now() - started) / 1000).toFixed(1)} s. Start Vigil with DATABASE_URL set to the target.`,
    );
    return 0;
  } catch (error) {
    output.err(
      `copy-data: ${error instanceof Error ? error.message : String(error)} No rows were written.`,
    );
    return 1;
  } finally {
    if (!handles) {
      await source.close();
      await target.close();
    }
  }
}

const isEntry =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntry) process.exitCode = await copyDataCommand(process.argv.slice(2));
