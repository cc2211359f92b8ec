import type SQLite from 'better-sqlite3';

import { eventTextOf } from './event-text-index';

/*
 * SQLite: how an ingest batch puts its own events into migration 0037's trigram index. The
 * migration's insert trigger queues every new event, one trigger run a row: a quarter of the
 * bare insert's CPU (91,278 events: 2.4-2.8 s without it, 3.3-3.5 s with it, or with any
 * trigger at all, a WHEN clause included: the cost is running the trigger, not its insert).
 * The batch holds the app's only connection in one transaction, so the events above the last
 * id before it began are exactly its own: it drops the trigger inside that transaction, indexes
 * its events by id range before it commits, and makes the trigger again from its stored text.
 * The schema change commits or rolls back with the batch, so no other writer ever runs without
 * the trigger: a rollback or a crash leaves it as it was, and nothing of the batch in the index.
 * A small batch keeps the trigger (see SqliteStage): its rows are queued, yet indexed by the
 * same range statement, and the queue is emptied with the rest.
 */

/** Migration 0037's trigger that queues each new event (every writer but an ingest batch). */
const QUEUE_TRIGGER = 'events_text_insert';

const QUEUE_TRIGGER_SQL = `select sql from main.sqlite_master where type = 'trigger' and name = ?`;

/**
 * Events queued by other writers, or whose text changed, up to the batch's first id. CROSS JOIN
 * keeps the queue the outer loop: SQLite's planner, without statistics, read every older event
 * and looked each up in the (mostly empty) queue.
 */
const INDEX_QUEUED = `insert into events_text (rowid, text)
  select events.id, ${eventTextOf('events')} from events_text_pending
  cross join events on events.id = events_text_pending.id
  where events_text_pending.id <= ?`;

/** The batch's own events, read once by id range. */
const INDEX_BATCH = `insert into events_text (rowid, text)
  select events.id, ${eventTextOf('events')} from events where events.id > ?`;

const CLEAR_QUEUE = 'delete from events_text_pending';

/**
 * Drops the queueing trigger inside the batch's open transaction and returns its definition for
 * {@link indexBatchEventTextSqlite} to make again (null when the schema has no such trigger).
 */
export function setAsideEventTextQueueSqlite(sqlite: SQLite.Database): string | null {
  // Outside a transaction the drop would commit at once, and other writers' events go unindexed.
  if (!sqlite.inTransaction) throw new Error('The text queue is set aside only inside a batch.');
  const found = sqlite.prepare(QUEUE_TRIGGER_SQL).get(QUEUE_TRIGGER) as { sql: string } | undefined;
  if (!found) return null;
  sqlite.exec(`drop trigger main.${QUEUE_TRIGGER}`);
  return found.sql;
}

/**
 * Before the batch commits: indexes what other writers queued (ids up to `lastIdBefore`) and
 * the batch's own events (ids above it), each once, empties the queue, and makes the queueing
 * trigger again from `queueTrigger` (what {@link setAsideEventTextQueueSqlite} returned; null
 * when the batch kept it).
 */
export function indexBatchEventTextSqlite(
  sqlite: SQLite.Database,
  lastIdBefore: number,
  queueTrigger: string | null,
): void {
  sqlite.prepare(INDEX_QUEUED).run(lastIdBefore);
  sqlite.prepare(INDEX_BATCH).run(lastIdBefore);
  sqlite.prepare(CLEAR_QUEUE).run();
  if (queueTrigger !== null) sqlite.exec(queueTrigger);
}
