import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

import type { Dialect } from './dialect';
import { admit, waitingForFirstConnection } from './admission';
import { AdmissionLine } from './admission-line';
import { FairQueue } from './fair-queue';
import { FifoSqliteDialect } from './fair-sqlite-dialect';
import { registerFoldCase } from './fold-case';
import type { Database } from './schema';
import { registerSqlFunctions } from './sql-functions';

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
  /**
   * How the connections name themselves in pg_stat_activity (`vigil` unless the URL sets
   * `application_name`); tests give each database its own, to end only their own connections.
   */
  applicationName?: string;
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

/**
 * A connection the server ends (a restart, a failover, a terminated backend, a network drop)
 * emits 'error' on its client; with nobody listening, Node ends the process. The pool listens
 * only to idle clients, so every client gets its own listener as it is made: a checked-out
 * client's query, transaction or ingest batch then fails with the error, the client is no
 * longer queryable, and the pool discards it when it is released.
 */
function listenForConnectionLoss(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      process.emitWarning(`PostgreSQL closed a connection: ${error.message}`);
    });
  });
  // An idle client's error is also emitted on the pool; the client's listener reported it.
  pool.on('error', () => undefined);
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
  registerFoldCase(sqlite);
  registerSqlFunctions(sqlite);
  const db = new Kysely<Database>({
    dialect: new FifoSqliteDialect({ database: withStatementCache(sqlite) }),
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

/**
 * A pooled client whose release also hands its permit on. pg-pool gives a checked-out client a
 * fresh `release` at each checkout, so wrapping it here lasts one checkout.
 */
async function connectHoldingPermit(pool: pg.Pool, permits: FairQueue): Promise<pg.PoolClient> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    permits.unlock();
    throw error;
  }
  const release = client.release.bind(client);
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (!released) {
      released = true;
      permits.unlock();
    }
    release(error);
  };
  return client;
}

function openPostgres(url: string, options: OpenOptions): DatabaseHandle {
  const poolSize = options.poolSize ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // `vigil` names the connections for whoever reads pg_stat_activity, unless the URL or
    // PGAPPNAME gives a name.
    ...(options.applicationName
      ? { application_name: options.applicationName }
      : { fallback_application_name: 'vigil' }),
    // JIT off: Vigil's queries are interactive, and PostgreSQL's JIT spent 1.5 s compiling a
    // subject-timeline page that then ran in 26 ms (issue 16 bench, 1M events).
    // Idle connections are kept for ten minutes, not pg's 10 s: a new connection's first
    // statements over the events build its catalog caches for every monthly partition and its
    // indexes (0.8 s of backend CPU at 153 partitions), and detection, whose batches use a
    // varying number of connections, closed and reopened them batch after batch (1M scale run:
    // 0.6-1.2 s of backend CPU on each batch's departure read).
    idleTimeoutMillis: 10 * 60_000,
    options: [`-c jit=off`, ...(options.schema ? [`-c search_path=${options.schema}`] : [])].join(
      ' ',
    ),
  });
  listenForConnectionLoss(pool);
  // A request's first wait for a pooled connection is bounded (db/admission.ts), and requests
  // under way are served before newcomers (db/fair-queue.ts): the pool's own line is one queue,
  // where each of a request's queries waited behind every newcomer again.
  const line = new AdmissionLine();
  const permits = new FairQueue(poolSize);
  const admitted = {
    connect: () =>
      admit(
        async () => {
          await permits.lock(waitingForFirstConnection());
          return connectHoldingPermit(pool, permits);
        },
        (client) => client.release(),
        line,
      ),
    end: () => pool.end(),
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: admitted }) });
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
