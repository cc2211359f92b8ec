import type SQLite from 'better-sqlite3';

import type { DatabaseHandle } from '../database';

/** The columns of the subject's timeline in the export, in the order each row holds them. */
export const EXPORT_EVENT_COLUMNS = [
  'id',
  'time',
  'source',
  'category',
  'activity',
  'action',
  'outcome',
  'app',
  'target',
  'file_id',
  'file_name',
  'file_label',
  'file_size',
  'file_destination',
  'device_name',
  'repository',
  'chat_channel',
  'email_subject',
  'email_attachments',
  'process_name',
] as const;

/** One event as an array of EXPORT_EVENT_COLUMNS' values. */
export type ExportEventTuple = Array<string | number | null>;

const list = EXPORT_EVENT_COLUMNS.join(', ');
const RANGE = 'employee_id = $1 and time >= $2 and time < $3';
const AFTER = '(time > $4 or (time = $4 and id > $5))';

function pageSql(after: boolean, limit: string): string {
  return `select ${list} from events where ${RANGE}${after ? ` and ${AFTER}` : ''} order by time, id limit ${limit}`;
}

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
 * requests. This is a bulk path, so it uses the raw driver like ingest does.
 */
export async function* subjectEventPages(
  handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>,
  employeeId: string,
  window: { from: number; to: number },
  pageSize: number,
): AsyncGenerator<ExportEventTuple[]> {
  let after: { time: number; id: number } | null = null;
  for (;;) {
    let rows: ExportEventTuple[];
    if (handle.sqlite) {
      const { first, next } = sqliteStatementsOf(handle.sqlite);
      const named = (values: unknown[]) =>
        Object.fromEntries(values.map((value, i) => [`p${i + 1}`, value]));
      rows = (
        after
          ? next.all(named([employeeId, after.time, window.to, after.time, after.id, pageSize]))
          : first.all(named([employeeId, window.from, window.to, pageSize]))
      ) as ExportEventTuple[];
    } else {
      const params: unknown[] = after
        ? [employeeId, after.time, window.to, after.time, after.id]
        : [employeeId, window.from, window.to];
      const result = await handle.pool!.query<ExportEventTuple>({
        text: pageSql(after !== null, `$${params.length + 1}`),
        values: [...params, pageSize],
        rowMode: 'array',
      });
      rows = result.rows;
    }
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { time: Number(last[1]), id: Number(last[0]) };
    // Let other requests run between pages (better-sqlite3 answers synchronously).
    await new Promise((resolve) => setImmediate(resolve));
  }
}
