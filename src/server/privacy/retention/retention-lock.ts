import type { DatabaseHandle } from '../../db/database';
import { advisoryUnlock, tryAdvisoryLock } from '../../db/queries/advisory-locks';

// Within one process: one run per database at a time.
const running = new WeakSet<object>();

/**
 * Runs `fn` unless a retention run is under way already, in this process or (PostgreSQL) in
 * another one sharing the database; then it returns null at once rather than waiting. On
 * PostgreSQL a session advisory lock on one held connection says so, and ends with it if the
 * process dies. A second process on one SQLite file is not guarded: its run would find less to
 * remove, never remove more.
 */
export async function withRetentionLock<T>(
  handle: DatabaseHandle,
  fn: () => Promise<T>,
): Promise<T | null> {
  if (running.has(handle.db)) return null;
  running.add(handle.db);
  try {
    if (handle.dialect !== 'postgres') return await fn();
    // The key names the schema: tests share one database among many schemas.
    const key = `vigil:${handle.schema ?? 'public'}:retention`;
    return await handle.db.connection().execute(async (connection) => {
      if (!(await tryAdvisoryLock(connection, key))) return null;
      try {
        return await fn();
      } finally {
        await advisoryUnlock(connection, key).catch(() => undefined);
      }
    });
  } finally {
    running.delete(handle.db);
  }
}
