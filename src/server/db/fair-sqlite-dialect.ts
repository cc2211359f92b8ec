import { SqliteDialect } from 'kysely';
import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';

import { admit, waitingForFirstConnection } from './admission';
import { AdmissionLine } from './admission-line';
import { FairQueue } from './fair-queue';

/**
 * Kysely's SQLite driver guards its one connection with a lock that wakes every waiter at each
 * release (hundreds of wake-ups per query with hundreds of requests waiting), and since every
 * query is synchronous, queued requests ran back to back without letting the event loop turn:
 * under 200 connections, clients connecting late waited up to 25 s for their first reply. This
 * driver queues for the connection in arrival order (work under way before newcomers; see
 * FairQueue), yielding to the loop every few milliseconds, before the inner driver takes its own
 * (then always free) lock.
 */
class FifoSqliteDriver implements Driver {
  private readonly queue = new FairQueue(1, 4);
  private readonly line = new AdmissionLine();

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
      this.line,
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
