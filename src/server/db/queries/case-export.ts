import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import pg from 'pg';

import type { DatabaseHandle } from '../database';
import type { Database } from '../schema';
import { EVENT_COLUMNS_SQL } from './event-columns';
import { incidentsDb } from './incident-tables';

/** One event as an array of EVENT_COLUMNS' values (the label inferred, as everywhere). */
export type ExportEventTuple = Array<string | number | null>;

const RANGE = 'time >= $2 and time < $3';
const AFTER = '(time > $4 or (time = $4 and id > $5))';

/** A page's query; `from` and `employee` name the table and the subject's term on each engine. */
function pageSql(
  after: boolean,
  limit: string,
  { from, employee }: { from: string; employee: string } = {
    from: 'events',
    employee: 'employee_id = $1',
  },
): string {
  return `select ${EVENT_COLUMNS_SQL} from ${from} where ${employee} and ${RANGE}${after ? ` and ${AFTER}` : ''} order by time, id limit ${limit}`;
}

/** Where a page resumes: after the last row of the one before, in (time, id) order. */
interface Cursor {
  time: number;
  id: number;
}

const cursorOf = (rows: ExportEventTuple[]): Cursor => {
  const last = rows[rows.length - 1]!;
  return { time: Number(last[1]), id: Number(last[0]) };
};

const sqliteStatements = new WeakMap<
  SQLite.Database,
  { first: SQLite.Statement; next: SQLite.Statement }
>();

function sqliteStatementsOf(sqlite: SQLite.Database) {
  let statements = sqliteStatements.get(sqlite);
  if (!statements) {
    // The same numbered parameters, named for better-sqlite3 (`$4` becomes `@p4`).
    const toSqlite = (text: string) => text.replace(/\$(\d)/g, '@p$1');
    statements = {
      first: sqlite.prepare(toSqlite(pageSql(false, '$4'))).raw(true),
      next: sqlite.prepare(toSqlite(pageSql(true, '$6'))).raw(true),
    };
    sqliteStatements.set(sqlite, statements);
  }
  return statements;
}

/**
 * Every event of a subject in [from, to), oldest first, a page of `pageSize` rows at a time,
 * each row an array (no object per row: a million of them is the export's whole cost). Pages
 * follow a (time, id) cursor whose index range starts at the cursor's time, so the whole read
 * is one pass over the (employee, time) index; between pages the connection is free for other
 * requests. This is a bulk path, so it uses the raw
 * driver like ingest does.
 */
export function subjectEventPages(
  handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>,
  employeeId: string,
  window: { from: number; to: number },
  pageSize: number,
): AsyncGenerator<ExportEventTuple[]> {
  return handle.sqlite
    ? sqliteSubjectPages(handle.sqlite, employeeId, window, pageSize)
    : postgresSubjectPages(handle.pool!, employeeId, window, pageSize);
}

/**
 * What another thread needs to open its own connection to the database a handle reads: the
 * SQLite file, or the PostgreSQL pool's connection settings (search path and JIT included).
 * Null for an in-memory SQLite database, which no other connection can see.
 */
export type ExportReaderSource =
  | { engine: 'sqlite'; file: string }
  | {
      engine: 'postgres';
      connection: Pick<
        pg.PoolConfig,
        'connectionString' | 'options' | 'application_name' | 'fallback_application_name'
      >;
    };

export function exportReaderSource(
  handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>,
): ExportReaderSource | null {
  if (handle.sqlite) {
    return handle.sqlite.memory ? null : { engine: 'sqlite', file: handle.sqlite.name };
  }
  if (!handle.pool) return null;
  const { connectionString, options, application_name, fallback_application_name } =
    handle.pool.options;
  return {
    engine: 'postgres',
    connection: { connectionString, options, application_name, fallback_application_name },
  };
}

/** int8 read as a number, as the app's pool reads it (db/database.ts); the rest as pg does. */
const INT8_AS_NUMBER: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === pg.types.builtins.INT8
      ? Number
      : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
};

/**
 * A connection of its own for reading a subject's events (subjectEventPages) on a worker
 * thread: SQLite read-only (in WAL mode it reads beside the app's writer), PostgreSQL one
 * connection (the page read ahead queues behind the one being read).
 */
export function openExportReader(source: ExportReaderSource): {
  handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>;
  close(): Promise<void>;
} {
  if (source.engine === 'sqlite') {
    const sqlite = new SQLite(source.file, { readonly: true, fileMustExist: true });
    // A page cache of 1 MB, not better-sqlite3's 16: the reader passes each page of the table
    // once, in index order, so cached pages are never read again (the OS keeps the file's). Two
    // readers' full caches were 35-42 MB of the export's peak RSS on the SQLite bench case
    // (521-528 -> 486 MB, same CPU).
    sqlite.pragma('cache_size = -1024');
    return {
      handle: { sqlite, pool: null },
      close: () => {
        sqlite.close();
        return Promise.resolve();
      },
    };
  }
  const pool = new pg.Pool({ ...source.connection, max: 1, types: INT8_AS_NUMBER });
  // A connection the server ends fails the query that uses it; nobody else is listening.
  pool.on('error', () => undefined);
  return { handle: { sqlite: null, pool }, close: () => pool.end() };
}

async function* sqliteSubjectPages(
  sqlite: SQLite.Database,
  employeeId: string,
  window: { from: number; to: number },
  pageSize: number,
): AsyncGenerator<ExportEventTuple[]> {
  const { first, next } = sqliteStatementsOf(sqlite);
  let rows = first.all({
    p1: employeeId,
    p2: window.from,
    p3: window.to,
    p4: pageSize,
  }) as ExportEventTuple[];
  for (;;) {
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    const after = cursorOf(rows);
    // Let other requests run between pages (better-sqlite3 answers synchronously).
    await new Promise((resolve) => setImmediate(resolve));
    rows = next.all({
      p1: employeeId,
      p2: after.time,
      p3: window.to,
      p4: after.time,
      p5: after.id,
      p6: pageSize,
    }) as ExportEventTuple[];
  }
}

async function* postgresSubjectPages(
  pool: pg.Pool,
  employeeId: string,
  window: { from: number; to: number },
  pageSize: number,
): AsyncGenerator<ExportEventTuple[]> {
  const read = async (after: Cursor | null) => {
    const params: unknown[] = after
      ? [employeeId, after.time, window.to, after.time, after.id]
      : [employeeId, window.from, window.to];
    const result = await pool.query<ExportEventTuple>({
      text: pageSql(after !== null, `$${params.length + 1}`),
      values: [...params, pageSize],
      rowMode: 'array',
    });
    return result.rows;
  };
  let pending: Promise<ExportEventTuple[]> | null = read(null);
  try {
    while (pending) {
      const rows: ExportEventTuple[] = await pending;
      // The server reads the next page while this one is written out (it is another process:
      // the two overlap), so the export waits for neither alone.
      pending = rows.length === pageSize ? read(cursorOf(rows)) : null;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // Abandoned early (a closed tab): the page in flight is not wanted, nor is its failure.
    pending?.catch(() => undefined);
  }
}

/** An event of a case's incidents and the incidents it belongs to. */
export interface IncidentEventLink {
  eventId: number;
  time: number;
  incidentIds: string[];
}

/**
 * Every event of every incident of a case, oldest first, with the incidents each belongs to, a
 * page at a time. One query per page reads the links themselves (no DISTINCT: an event's links
 * arrive side by side and are grouped here), following a (time, event id) cursor; a full page's
 * last event may continue on the next page, so it is left for that page to read whole.
 */
export async function* incidentEventLinkPages(
  db: Kysely<Database>,
  investigationId: string,
  pageSize: number,
): AsyncGenerator<IncidentEventLink[]> {
  const idb = incidentsDb(db);
  let after: { time: number; eventId: number } | null = null;
  for (;;) {
    let query = idb
      .selectFrom('incident_events as ie')
      .innerJoin('incidents as n', 'n.id', 'ie.incident_id')
      .select(['ie.event_id', 'ie.time', 'ie.incident_id'])
      .where('n.investigation_id', '=', investigationId);
    if (after) {
      const { time, eventId } = after;
      query = query
        .where('ie.time', '>=', time)
        .where((eb) => eb.or([eb('ie.time', '>', time), eb('ie.event_id', '>', eventId)]));
    }
    const rows = await query
      .orderBy('ie.time')
      .orderBy('ie.event_id')
      .orderBy('ie.incident_id')
      .limit(pageSize)
      .execute();
    const full = rows.length === pageSize;
    const links: IncidentEventLink[] = [];
    for (const row of rows) {
      const eventId = Number(row.event_id);
      const last = links[links.length - 1];
      if (last?.eventId === eventId) last.incidentIds.push(row.incident_id);
      else links.push({ eventId, time: Number(row.time), incidentIds: [row.incident_id] });
    }
    // The last event of a full page may have more links on the next one.
    if (full && links.length > 1) links.pop();
    if (links.length > 0) yield links;
    const last = links[links.length - 1];
    if (!full || !last) return;
    after = { time: last.time, eventId: last.eventId };
  }
}
