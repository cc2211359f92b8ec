import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

import type { Dialect } from './dialect';
import type { Database } from './schema';

/** An open database: the Kysely instance, which engine it is, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for the start-up banner (no password). */
  description: string;
  /** The raw better-sqlite3 connection, for bulk paths that bypass Kysely (ingest). */
  sqlite: SQLite.Database | null;
  /** The raw pool, for bulk paths that bypass Kysely (COPY-style ingest). */
  pool: pg.Pool | null;
  /** The PostgreSQL schema in use (public unless a test chose its own). */
  schema: string | undefined;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL schema to use (tests give each file its own). */
  schema?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

const DEFAULT_SQLITE_FILE = 'data/vigil.db';

// int8 (bigint) columns hold epoch milliseconds, which fit in a double: read them as numbers.
pg.types.setTypeParser(20, (value) => Number(value));

/** Whether a DATABASE_URL points at PostgreSQL. */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url);
}

/** The SQLite file a DATABASE_URL names: unset, data/vigil.db; `sqlite:` URL or a plain path. */
export function sqliteFileFor(url: string | undefined): string {
  if (!url) return DEFAULT_SQLITE_FILE;
  if (url === 'sqlite::memory:' || url === ':memory:') return ':memory:';
  return url.replace(/^sqlite:(\/\/)?/i, '') || DEFAULT_SQLITE_FILE;
}

/** Opens the database a DATABASE_URL names. Migrations are run separately. */
export function openDatabase(url: string | undefined, options: OpenOptions = {}): DatabaseHandle {
  if (isPostgresUrl(url)) return openPostgres(url, options);
  return openSqlite(sqliteFileFor(url));
}

/**
 * Kysely prepares a statement for every query; preparing costs more than running these small
 * queries. This keeps prepared statements by SQL text (bounded), so repeated queries reuse them.
 */
function withStatementCache(sqlite: SQLite.Database, limit = 1000): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    let statement = cache.get(source);
    if (!statement) {
      if (cache.size >= limit) cache.clear();
      statement = sqlite.prepare(source);
      cache.set(source, statement);
    }
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable in WAL mode except for the last transactions on power loss; the usual choice.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    db,
    dialect: 'sqlite',
    description: file === ':memory:' ? 'SQLite in memory' : `SQLite ${path.resolve(file)}`,
    sqlite,
    pool: null,
    schema: undefined,
    async close() {
      await db.destroy();
    },
  };
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection the server ends (a restart, a terminated backend) emits 'error' on the
  // pool; unheard, that would end the process. The pool drops the client and opens a new one.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = '';
  return {
    db,
    dialect: 'postgres',
    description: `PostgreSQL ${safe.host}${safe.pathname}${options.schema ? ` (schema ${options.schema})` : ''}`,
    sqlite: null,
    pool,
    schema: options.schema ?? 'public',
    async close() {
      await db.destroy();
    },
  };
}
