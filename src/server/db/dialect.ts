import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/**
 * Where SQLite and PostgreSQL differ, in one visible place. Migrations and queries call these
 * helpers instead of branching on the engine themselves.
 */
export type Dialect = 'sqlite' | 'postgres';

/**
 * The engine behind a Kysely instance or transaction, told by the placeholder its compiler
 * writes ($1 on PostgreSQL, ? on SQLite): for a query that must be spelled per engine deep in
 * code whose callers hold only `db`.
 */
export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return sql`${0}`.compile(db).sql === '$1' ? 'postgres' : 'sqlite';
}

/** The column type for JSON: jsonb in PostgreSQL, text checked by json_valid in SQLite. */
export function jsonColumn(
  dialect: Dialect,
  builder: ColumnDefinitionBuilder,
  column: string,
): ColumnDefinitionBuilder {
  return dialect === 'postgres'
    ? builder
    : builder.check(sql`${sql.ref(column)} is null or json_valid(${sql.ref(column)})`);
}

/** The SQL type name for JSON columns. */
export function jsonType(dialect: Dialect) {
  return dialect === 'postgres' ? ('jsonb' as const) : ('text' as const);
}

/** Adds an auto-incrementing integer primary key named `id`. */
export function withAutoId<T extends string>(
  dialect: Dialect,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Makes a table append-only: any UPDATE or DELETE aborts with a message. */
export async function makeAppendOnly(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      create or replace function vigil_append_only() returns trigger language plpgsql as $$
      begin
        raise exception '% is append-only', tg_table_name;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_append_only`)}
      before update or delete on ${sql.table(table)}
      for each statement execute function vigil_append_only()`.execute(db);
    return;
  }
  for (const operation of ['update', 'delete'] as const) {
    await sql`
      create trigger ${sql.id(`${table}_no_${operation}`)}
      before ${sql.raw(operation)} on ${sql.table(table)}
      begin select raise(abort, ${sql.lit(`${table} is append-only`)}); end`.execute(db);
  }
}

/** A JSON value as a parameter: PostgreSQL casts text to jsonb, SQLite keeps text. */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

/** Reads a JSON column: PostgreSQL's driver has parsed it already, SQLite gives text. */
export function readJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A LIKE pattern for "contains `needle`", its wildcards escaped (use with `escape '\\'`). */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive substring match that works the same in both engines: column and needle are
 * folded by the same function (SQLite's own lower() knows only ASCII, so "Ω" was never found).
 */
export function containsInsensitive(column: string, needle: string): RawBuilder<boolean> {
  return sql<boolean>`vigil_fold(${sql.ref(column)}) like vigil_fold(${containsPattern(needle)}) escape '\\'`;
}

/** `column` starts with `prefix`, literally (LIKE wildcards in the prefix are escaped). */
export function startsWith(column: string, prefix: string): RawBuilder<boolean> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
