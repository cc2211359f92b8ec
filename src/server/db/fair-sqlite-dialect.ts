import { SqliteDialect } from 'kysely';
import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';

import { admit, waitingForFirstConnection } from './admission';

/**
 * A first-come, first-served lock in two classes that also keeps the event loop turning.
 * Waiters for work already under way (a request's later queries, background work) are served
 * before requests waiting for their first connection: a request that has started finishes in
 * about its own time, and newcomers wait, up to their admission limit (db/admission.ts), for
 * the started ones instead of every query of every request queueing behind every newcomer
 * (with 200 clients that made each answer take as long as 200 requests' first queries). Within
 * a class, unlocking hands the lock to the oldest waiter and wakes only it. After `sliceMs` of
 * handing over without a break, the next hand-over waits for the event loop's next turn
 * (setImmediate): a synchronous driver would otherwise run queued requests back to back for
 * seconds, and Node accepts one new connection per turn of the loop, so a client connecting
 * under load waited that long for its first byte.
 */
export class FifoLock {
  private held = false;
  private readonly started: Array<() => void> = [];
  private readonly newcomers: Array<() => void> = [];
  private sliceStart = performance.now();

  constructor(private readonly sliceMs = 4) {}

  /** Resolves when the caller holds the lock; `newcomer` waits behind work under way. */
  lock(newcomer = false): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => (newcomer ? this.newcomers : this.started).push(resolve));
  }

  /** Passes the lock to the oldest waiter (at once, or after a turn of the loop), or frees it. */
  unlock(): void {
    const next = this.started.shift() ?? this.newcomers.shift();
    if (!next) {
      this.held = false;
      return;
    }
    if (performance.now() - this.sliceStart < this.sliceMs) {
      next();
      return;
    }
    setImmediate(() => {
      this.sliceStart = performance.now();
      next();
    });
  }

  /** How many callers are waiting (for tests and metrics). */
  get waiting(): number {
    return this.started.length + this.newcomers.length;
  }
}

/**
 * Kysely's SQLite driver guards its one connection with a lock that wakes every waiter at each
 * release (hundreds of wake-ups per query with hundreds of requests waiting), and since every
 * query is synchronous, queued requests ran back to back without letting the event loop turn:
 * under 200 connections, clients connecting late waited up to 25 s for their first reply. This
 * driver queues for the connection in arrival order (work under way before newcomers; see
 * FifoLock), yielding to the loop every few milliseconds, before the inner driver takes its own
 * (then always free) lock.
 */
class FifoSqliteDriver implements Driver {
  private readonly queue = new FifoLock();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // A request's first wait is bounded (db/admission.ts); a lock granted too late is passed on.
    const newcomer = waitingForFirstConnection();
    await admit(
      () => this.queue.lock(newcomer),
      () => this.queue.unlock(),
    );
    try {
      return await this.inner.acquireConnection();
    } catch (error) {
      this.queue.unlock();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.queue.unlock();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Kysely's SQLite dialect with connection waiters served in arrival order. */
export class FifoSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new FifoSqliteDriver(super.createDriver());
  }
}
