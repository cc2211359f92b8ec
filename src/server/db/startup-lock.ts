import SQLite from 'better-sqlite3';

import type { DatabaseHandle } from './database';
import { advisoryLock, advisoryUnlock, tryAdvisoryLock } from './queries/advisory-locks';

/*
 * A lock that processes starting on one database take in turn, for start-up work that must
 * happen once (loading the demo organization), the way Kysely takes one for migrations.
 * PostgreSQL: a session advisory lock, on a connection held while the work runs. SQLite: an
 * immediate transaction on a small lock file beside the database; the work itself writes to
 * the database, so the database cannot be the one locked. Both locks end with their process,
 * so a process killed while it holds one does not block the next start.
 */

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Within one process the work also takes turns, per database (tests run two starts at once).
const turns = new WeakMap<object, Promise<unknown>>();

async function inTurn<T>(key: object, fn: () => Promise<T>): Promise<T> {
  const previous = turns.get(key) ?? Promise.resolve();
  const mine = previous.catch(() => undefined).then(fn);
  turns.set(key, mine);
  return mine;
}

async function withAdvisoryLock<T>(
  handle: DatabaseHandle,
  name: string,
  fn: () => Promise<T>,
  onWait: () => void,
): Promise<T> {
  // The key names the schema too: tests share one database among many schemas.
  const key = `vigil:${handle.schema ?? 'public'}:${name}`;
  return handle.db.connection().execute(async (connection) => {
    if (!(await tryAdvisoryLock(connection, key))) {
      onWait();
      await advisoryLock(connection, key);
    }
    try {
      return await fn();
    } finally {
      // A lost connection has released it already.
      await advisoryUnlock(connection, key).catch(() => undefined);
    }
  });
}

async function withLockFile<T>(file: string, fn: () => Promise<T>, onWait: () => void): Promise<T> {
  const lock = new SQLite(`${file}.startup-lock`);
  try {
    // Never wait inside SQLite: that would hold the event loop. Poll instead.
    lock.pragma('busy_timeout = 0');
    for (let waited = false; ;) {
      try {
        lock.exec('begin immediate');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        if (!waited) onWait();
        waited = true;
        await wait(200);
      }
    }
    try {
      return await fn();
    } finally {
      lock.exec('rollback');
    }
  } finally {
    lock.close();
  }
}

/**
 * Runs `fn` while holding the start-up lock `name` of this database: processes (and calls in
 * this process) run it one after another. `onWait` is called once if another holds it. The
 * work should check again, under the lock, whether it is still to do.
 */
export function withStartupLock<T>(
  handle: DatabaseHandle,
  name: string,
  fn: () => Promise<T>,
  onWait: () => void = () => undefined,
): Promise<T> {
  return inTurn(handle.db, () => {
    if (handle.dialect === 'postgres') return withAdvisoryLock(handle, name, fn, onWait);
    const file = handle.sqlite?.name;
    // A database in memory is this process's alone: taking turns here is enough.
    if (file === undefined || file === ':memory:' || file === '') return fn();
    return withLockFile(file, fn, onWait);
  });
}
