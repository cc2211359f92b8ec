import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/**
 * The SQL of `npm run copy-data` (src/server/cli/copy-data.ts): reading a SQLite database's
 * tables in the order their foreign keys need, and writing them into a migrated PostgreSQL
 * database inside one transaction.
 */

/** A table to copy: its columns as SQLite stores them, and the tables it points to. */
export interface SourceTable {
  name: string;
  columns: string[];
  parents: string[];
}

const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * SQLite's own hunting index (migration 0037: the FTS5 table, its shadow tables and its queue):
 * PostgreSQL keeps the same index as a GIN index of the events, built as they are copied.
 */
const SQLITE_ONLY = /^events_text(_|$)/;

/** Whether a SQLite table is copied: neither the migrator's nor one PostgreSQL has no use for. */
export function isCopiedTable(name: string): boolean {
  return !MIGRATION_TABLES.has(name) && !SQLITE_ONLY.test(name);
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Every table of the SQLite database but its own and the migrator's, with columns and parents. */
export function sqliteTables(sqlite: SQLite.Database): SourceTable[] {
  const names = (
    sqlite
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
      )
      .all() as Array<{ name: string }>
  )
    .map((r) => r.name)
    .filter(isCopiedTable);
  return names.map((name) => ({
    name,
    // table_info leaves out generated columns (events.search_text): the target computes its own.
    columns: (
      sqlite.prepare(`pragma table_info(${quote(name)})`).all() as Array<{ name: string }>
    ).map((c) => c.name),
    parents: [
      ...new Set(
        (
          sqlite.prepare(`pragma foreign_key_list(${quote(name)})`).all() as Array<{
            table: string;
          }>
        ).map((f) => f.table),
      ),
    ].filter((parent) => parent !== name),
  }));
}

/** Whether the SQLite database has the migrator's table (it is a Vigil database). */
export function sqliteHasMigrations(sqlite: SQLite.Database): boolean {
  return (
    sqlite
      .prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`)
      .get() !== undefined
  );
}

/** The migrations a SQLite database has run. */
export function sqliteMigrations(sqlite: SQLite.Database): string[] {
  return (
    sqlite.prepare(`select name from kysely_migration order by name`).all() as Array<{
      name: string;
    }>
  ).map((r) => r.name);
}

/** The SQLite table's rows, read lazily in rowid order (parents before children in one table). */
export function sqliteRows(
  sqlite: SQLite.Database,
  table: SourceTable,
): IterableIterator<Record<string, unknown>> {
  return sqlite
    .prepare(
      `select ${table.columns.map(quote).join(', ')} from ${quote(table.name)} order by rowid`,
    )
    .iterate() as IterableIterator<Record<string, unknown>>;
}

/** The migrations a PostgreSQL schema has run. */
export async function postgresMigrations(client: pg.ClientBase, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select name from ${quote(schema)}.kysely_migration order by name`,
  );
  return rows.map((r) => r.name);
}

/** The columns of a PostgreSQL table that take a value (generated ones do not). */
export async function postgresColumns(
  client: pg.ClientBase,
  schema: string,
  table: string,
): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = $1 and table_name = $2 and is_generated = 'NEVER'
      order by ordinal_position`,
    [schema, table],
  );
  return rows.map((r) => r.column_name);
}

/** Whether a PostgreSQL table holds a row. */
export async function postgresHasRows(
  client: pg.ClientBase,
  schema: string,
  table: string,
): Promise<boolean> {
  const { rows } = await client.query(`select 1 from ${quote(schema)}.${quote(table)} limit 1`);
  return rows.length > 0;
}

/** Empties tables (children first): the rows the migrations seeded give way to the source's. */
export async function postgresClear(
  client: pg.ClientBase,
  schema: string,
  tables: readonly string[],
): Promise<void> {
  for (const table of tables) await client.query(`delete from ${quote(schema)}.${quote(table)}`);
}

/** Inserts rows as they are, ids included (identity columns too). */
export async function postgresInsert(
  client: pg.ClientBase,
  schema: string,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  if (rows.length === 0) return;
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const slots = columns.map((column) => {
      values.push(row[column] ?? null);
      return `$${values.length}`;
    });
    return `(${slots.join(', ')})`;
  });
  await client.query(
    `insert into ${quote(schema)}.${quote(table)} (${columns.map(quote).join(', ')})
     overriding system value values ${tuples.join(', ')}`,
    values,
  );
}

/** Moves every sequence of the table past the ids copied in, so new rows do not collide. */
export async function postgresResetSequences(
  client: pg.ClientBase,
  schema: string,
  table: string,
  columns: readonly string[],
): Promise<void> {
  const qualified = `${quote(schema)}.${quote(table)}`;
  for (const column of columns) {
    const { rows } = await client.query<{ sequence: string | null }>(
      `select pg_get_serial_sequence($1, $2) as sequence`,
      [qualified, column],
    );
    const sequence = rows[0]?.sequence;
    if (!sequence) continue;
    await client.query(
      `select setval($1, coalesce((select max(${quote(column)}) from ${qualified}), 0) + 1, false)`,
      [sequence],
    );
  }
}

/** The months (`YYYY-MM`, UTC) the SQLite database's events fall in. */
export function sqliteEventMonths(sqlite: SQLite.Database): string[] {
  return (
    sqlite
      .prepare(
        `select distinct strftime('%Y-%m', time / 1000, 'unixepoch') as month from events order by month`,
      )
      .all() as Array<{ month: string }>
  ).map((r) => r.month);
}
