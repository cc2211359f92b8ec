import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';

import type { DatabaseHandle } from '../../db/database';
import { setAsideEventTextQueueSqlite } from '../../db/queries/event-text-batch';
import type { Database } from '../../db/schema';
import type { QuarantineValues } from '../quarantine/quarantine-row';
import { EVENT_COLUMNS } from './event-row';
import type { EventValues } from './event-row';
import type { QuarantineTag } from './quarantine-writes';
import { insertQuarantinedSqlite } from './quarantine-writes';
import type { BatchStage, EmployeeValues } from './staged-rows';
import { DEFAULT_SPILL_BYTES, rowBytes } from './staged-rows';

/*
 * The events insert lives here rather than in db/queries: it runs on the raw connection with
 * positional values, inside a transaction this stage holds open across chunks.
 */

const eventColumns = EVENT_COLUMNS.map((c) => `"${c}"`).join(', ');
const INSERT_EVENT = `insert into main.events (${eventColumns})
  values (${EVENT_COLUMNS.map(() => '?').join(', ')}) on conflict do nothing`;
const LAST_EVENT_ID = 'select coalesce(max(id), 0) as id from main.events';

/**
 * From this many events a batch sets the text index's queueing trigger aside for its
 * transaction: dropping and making it again costs about what the trigger costs 50 rows
 * (0.4-0.5 ms against 10-11 µs a row, measured), so a smaller batch lets it queue its rows.
 */
const SET_ASIDE_TEXT_QUEUE_FROM = 100;

/**
 * Takes the app's one SQLite connection through Kysely, so every other query waits (as it would
 * for any transaction) until `release` is called. Resolves once the connection is ours.
 */
function leaseConnection(db: Kysely<Database>): Promise<() => void> {
  return new Promise((resolve, reject) => {
    db.connection()
      .execute(() => new Promise<void>((release) => resolve(release)))
      .catch(reject);
  });
}

/**
 * A SQLite batch on its way in. Rows stay in memory while the batch is small (most pushes): the
 * commit then writes them in one synchronous transaction. A batch that outgrows `spillBytes`
 * opens its transaction early instead: it takes the app's connection, begins an IMMEDIATE
 * transaction and inserts each chunk into `events` as it is parsed, so every row is written
 * once (no staging copy) and memory stays flat whatever the upload's size. The commit finishes
 * that same transaction; discard rolls it back; a process killed meanwhile leaves it
 * uncommitted, and SQLite drops it on the next open. Employees (HR records, a few per employee
 * at most) stay in memory, last record wins.
 */
export class SqliteStage implements BatchStage {
  /**
   * No round trips to save: small chunks let rows die young once they go straight into the
   * open transaction (500 rather than 4,000 halved the GC time of a spilled batch, measured).
   */
  readonly chunkRows = 500;
  /** Rows not yet inserted. */
  private memoryRows: EventValues[] = [];
  /** Quarantined records not yet inserted. */
  private quarantined: QuarantineValues[] = [];
  /** Staged employees by id. */
  readonly employees = new Map<string, EmployeeValues>();
  /** Events staged so far. */
  eventCount = 0;
  /** Events the open transaction inserted (the rest were already stored). */
  accepted = 0;
  /** The largest events id before the transaction began: newer ids are this batch's. */
  lastIdBefore = 0;
  /**
   * The text index's queueing trigger when this batch dropped it for its open transaction (the
   * commit indexes the batch by id range and makes it again; a rollback brings it back).
   */
  textQueueTrigger: string | null = null;
  private memoryBytes = 0;
  private release: (() => void) | null = null;
  private insert: SQLite.Statement | null = null;
  /** The app's raw connection, which the batch's transaction runs on. */
  readonly sqlite: SQLite.Database;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly tag: QuarantineTag,
    private readonly spillBytes = DEFAULT_SPILL_BYTES,
  ) {
    if (!handle.sqlite) throw new Error('SqliteStage needs a SQLite database');
    this.sqlite = handle.sqlite;
  }

  /** True while the batch's transaction is open on the app's connection. */
  get open(): boolean {
    return this.release !== null;
  }

  async addEvents(rows: readonly EventValues[]): Promise<void> {
    this.eventCount += rows.length;
    if (this.open) {
      this.insertRows(rows);
      return;
    }
    for (const row of rows) {
      this.memoryRows.push(row);
      this.memoryBytes += rowBytes(row);
    }
    if (this.memoryBytes > this.spillBytes) {
      await this.begin();
      this.flush();
    }
  }

  addEmployees(rows: readonly EmployeeValues[]): void {
    for (const row of rows) this.employees.set(row[0] as string, row);
  }

  /** Held like events: counted toward the spill, written straight in once the batch is open. */
  async addQuarantined(rows: readonly QuarantineValues[]): Promise<void> {
    if (this.open) {
      insertQuarantinedSqlite(this.sqlite, rows, this.tag);
      return;
    }
    for (const row of rows) {
      this.quarantined.push(row);
      this.memoryBytes += row.raw.length + row.reason.length + 64;
    }
    if (this.memoryBytes > this.spillBytes) {
      await this.begin();
      this.flush();
    }
  }

  /**
   * Takes the connection and begins the batch's transaction (once). Nothing else runs on the
   * connection until {@link finish} or {@link discard}.
   */
  async begin(): Promise<void> {
    if (this.open) return;
    const release = await leaseConnection(this.handle.db);
    if (this.sqlite.inTransaction) {
      release();
      throw new Error(
        'The SQLite connection is inside a transaction; the ingest cannot begin its own.',
      );
    }
    try {
      this.sqlite.exec('begin immediate');
    } catch (error) {
      release();
      throw error;
    }
    this.release = release;
    this.lastIdBefore = (this.sqlite.prepare(LAST_EVENT_ID).get() as { id: number }).id;
    if (this.eventCount >= SET_ASIDE_TEXT_QUEUE_FROM)
      this.textQueueTrigger = setAsideEventTextQueueSqlite(this.sqlite);
    this.insert = this.sqlite.prepare(INSERT_EVENT);
  }

  /** Inserts the rows still held in memory into the open transaction. */
  flush(): void {
    const held = this.memoryRows;
    const quarantined = this.quarantined;
    this.memoryRows = [];
    this.quarantined = [];
    this.memoryBytes = 0;
    this.insertRows(held);
    insertQuarantinedSqlite(this.sqlite, quarantined, this.tag);
  }

  private insertRows(rows: readonly EventValues[]): void {
    const insert = this.insert!;
    let accepted = 0;
    for (const row of rows) accepted += insert.run(row).changes;
    this.accepted += accepted;
  }

  /** Commits the open transaction and gives the connection back. */
  finish(): void {
    this.sqlite.exec('commit');
    this.end();
  }

  async discard(): Promise<void> {
    this.memoryRows = [];
    this.quarantined = [];
    this.employees.clear();
    if (!this.open) return;
    try {
      if (this.sqlite.inTransaction) this.sqlite.exec('rollback');
    } finally {
      this.end();
    }
  }

  private end(): void {
    const release = this.release;
    this.release = null;
    this.insert = null;
    this.textQueueTrigger = null;
    release?.();
  }
}
