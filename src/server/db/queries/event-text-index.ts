import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';

import type { Dialect } from '../dialect';
import type { Database } from '../schema';

/**
 * The columns migration 0037 indexes by trigram (an event's searchable text, whole): a value
 * found in one of them is found in the index.
 */
export const TEXT_INDEXED_COLUMNS: ReadonlySet<string> = new Set([
  'file_name',
  'email_subject',
  // Not `app`: a few dozen values, each in many events, so its letters narrow nothing.
  'repository',
  'target',
  'process_name',
  'device_name',
  'file_path',
  'command_line',
  'chat_text',
  // JSON lists, indexed as their JSON text: a value without `"`, `\` or control characters is
  // written in it as it is (see `listValueIndexable`).
  'email_recipients',
  'email_domains',
]);

/** The columns of an event's searchable text, in migration 0037's order. */
const TEXT_COLUMNS = [
  'file_name',
  'email_recipients',
  'email_subject',
  'app',
  'repository',
  'target',
  'process_name',
  'device_name',
  'file_path',
  'command_line',
  'chat_text',
  'email_domains',
];

/** An event's searchable text, folded and whole, from the columns of `table`: 0037's expression. */
export function eventTextOf(table: string): string {
  return `vigil_fold(${TEXT_COLUMNS.map((c) =>
    c.startsWith('email_')
      ? `coalesce(cast(${table}.${c} as text), '')`
      : `coalesce(${table}.${c}, '')`,
  ).join(` || ' ' || `)})`;
}

/** The indexed expression of migration 0037 on PostgreSQL, written the same way so the planner matches it. */
const POSTGRES_TEXT = sql.raw(eventTextOf('events'));

/**
 * SQLite: the events migration 0037's triggers queued (new, or their text changed) go into the
 * trigram index in one statement, then leave the queue. One statement over a batch costs a
 * tenth of indexing each row from its own trigger (178,080 events: 1.1 s against about 14 s).
 * CROSS JOIN keeps the queue the outer loop: without statistics SQLite's planner scanned every
 * event (a covering index of events) and looked each up in the queue.
 */
const INDEX_PENDING = `insert into events_text (rowid, text)
  select events.id, ${eventTextOf('events')} from events_text_pending
  cross join events on events.id = events_text_pending.id`;
const CLEAR_PENDING = 'delete from events_text_pending';

/** Indexes the queued events on the raw connection, inside the caller's transaction. */
export function indexPendingEventTextSqlite(sqlite: SQLite.Database): void {
  sqlite.prepare(INDEX_PENDING).run();
  sqlite.prepare(CLEAR_PENDING).run();
}

/**
 * Indexes the queued events before a hunt reads the index (SQLite; nothing on PostgreSQL, whose
 * index is kept by the database): whatever wrote them, no event is missing from the index.
 */
export async function indexPendingEventText(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  // The ingest empties the queue as it commits: most hunts (a screen asks for rows, each facet and
  // the histogram at once) find nothing queued, and need no write transaction to learn it.
  const queued = await sql`select 1 from events_text_pending limit 1`.execute(db);
  if (queued.rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await sql.raw(INDEX_PENDING).execute(trx);
    await sql.raw(CLEAR_PENDING).execute(trx);
  });
}

/** Whether a list element's runs are written as they are in the list's JSON text. */
export function listValueIndexable(runs: readonly string[]): boolean {
  // eslint-disable-next-line no-control-regex -- JSON escapes the control characters
  return runs.every((run) => !/["\\\u0000-\u001f]/.test(run));
}

/** The fewest characters the index can look up (one trigram). */
const SHORTEST = 3;
/** At most this many trigrams of one query are asked for: any of them narrows, all of them is slower. */
const MOST_TRIGRAMS = 12;

/**
 * The runs of plain text in a LIKE pattern body (`%` and `_` split it; `\x` is a plain x),
 * folded as the index is. A value found by the pattern holds every run.
 */
export function literalRuns(pattern: string): string[] {
  const runs: string[] = [];
  let run = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      run += pattern[++i]!;
    } else if (c === '%' || c === '_') {
      if (run) runs.push(run);
      run = '';
    } else {
      run += c;
    }
  }
  if (run) runs.push(run);
  return runs;
}

/**
 * The distinct trigrams (of characters, as FTS5's trigram tokenizer cuts them) of the runs, at
 * most `most` of them, spread over the whole value: its start and end narrow as much as its
 * middle.
 */
export function trigramsOf(runs: readonly string[], most = MOST_TRIGRAMS): string[] {
  const found = new Set<string>();
  for (const run of runs) {
    const chars = Array.from(run);
    for (let i = 0; i + SHORTEST <= chars.length; i++) found.add(chars.slice(i, i + 3).join(''));
  }
  const all = [...found];
  if (all.length <= most) return all;
  return Array.from(
    { length: most },
    (_, k) => all[Math.floor((k * (all.length - 1)) / (most - 1))]!,
  );
}

/** The trigrams whose counts a hunt learns (`trigramEventCounts`): more than it asks the index for. */
const MOST_COUNTED = 32;

/** The trigrams of runs a hunt may ask the index for, whose counts choose among them. */
export const countedTrigramsOf = (runs: readonly string[]) =>
  trigramsOf(
    runs.filter((r) => Array.from(r).length >= SHORTEST),
    MOST_COUNTED,
  );

/** How long a trigram's count is trusted: the index grows, but which trigrams are rare hardly changes. */
const COUNT_TRUSTED_MS = 10 * 60_000;

/** Per database (its Kysely instance), each trigram's count of events and when it was counted. */
const countsOf = new WeakMap<object, Map<string, { events: number; at: number }>>();

/**
 * SQLite: how many events hold each of `trigrams`, through migration 0040's fts5vocab table
 * over the trigram index. Counted the first time a hunt asks (reading the trigram's list of
 * events once: a few milliseconds for the commonest at ten million events) and kept for
 * COUNT_TRUSTED_MS. A trigram in no event counts 0.
 */
export async function trigramEventCounts(
  db: Kysely<Database>,
  trigrams: readonly string[],
  now = Date.now(),
): Promise<ReadonlyMap<string, number>> {
  const known = countsOf.get(db) ?? new Map<string, { events: number; at: number }>();
  countsOf.set(db, known);
  const stale = trigrams.filter((t) => {
    const count = known.get(t);
    return !count || now - count.at > COUNT_TRUSTED_MS;
  });
  if (stale.length > 0) {
    const { rows } = await sql<{ term: string; doc: number }>`
      select term, doc from events_text_vocab where term in (${sql.join(stale)})`.execute(db);
    const found = new Map(rows.map((r) => [r.term, Number(r.doc)]));
    for (const t of stale) known.set(t, { events: found.get(t) ?? 0, at: now });
  }
  return new Map(trigrams.map((t) => [t, known.get(t)!.events]));
}

/** A trigram in this many times the rarest's events or fewer is asked for too (it narrows further). */
const RARE_FACTOR = 8;
/** At most this many of a value's trigrams are asked for when their counts are known. */
const MOST_RARE = 4;

/**
 * The trigrams to ask the index for, knowing how many events hold each (every one of
 * `trigrams`): the two rarest, and
 * the next rarest while each is within RARE_FACTOR of the rarest. FTS5 reads every event of
 * every trigram it is asked for, and any of them narrows to a superset of the value's events:
 * `"document 42"` needs ` 42` (a few hundredths of the events), not `doc` (every file event).
 */
export function rarestTrigrams(
  trigrams: readonly string[],
  events: ReadonlyMap<string, number>,
): string[] {
  const sorted = [...trigrams].sort((a, b) => events.get(a)! - events.get(b)!);
  const least = events.get(sorted[0]!)!;
  return sorted.filter(
    (t, i) => i < 2 || (i < MOST_RARE && events.get(t)! <= Math.max(1, least) * RARE_FACTOR),
  );
}

/**
 * A condition true of every event whose indexed text holds all of `runs` (folded), through
 * migration 0037's trigram index; null when no run is long enough to look up. It is a superset
 * (it narrows, the caller's own condition decides), never NULL, and every run is a parameter.
 * SQLite asks for the rarest trigrams when `trigramEvents` knows how many events hold each
 * (`trigramEventCounts`); PostgreSQL's GIN index reads the rarest first itself.
 */
export function textIndexHolds(
  dialect: Dialect,
  runs: readonly string[],
  trigramEvents?: ReadonlyMap<string, number>,
): RawBuilder<SqlBool> | null {
  const long = runs.filter((r) => Array.from(r).length >= SHORTEST);
  // One trigram alone is in too many events to narrow (reading them costs more than the scan).
  if (trigramsOf(long).length < 2) return null;
  if (dialect === 'postgres') {
    const likes = long.map(
      (run) =>
        sql<SqlBool>`${POSTGRES_TEXT} like ${`%${run.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`,
    );
    return sql<SqlBool>`(${sql.join(likes, sql` and `)})`;
  }
  // FTS5's own syntax, each trigram a quoted string ("" for a quote): no phrase, so no positions.
  const counted = trigramEvents ? countedTrigramsOf(long) : [];
  const asked =
    trigramEvents && counted.every((t) => trigramEvents.has(t))
      ? rarestTrigrams(counted, trigramEvents)
      : trigramsOf(long);
  const match = asked.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
  return sql<SqlBool>`events.id in (select rowid from events_text where events_text match ${match})`;
}
