import type { DatabaseHandle } from '../../db/database';
import {
  buildDeferredIndexes,
  deferEventIndexes,
  hasAnyEvent,
} from '../../db/queries/deferred-indexes';

/** What {@link withEventIndexesDeferred} did around the load. */
export interface FirstLoadIndexes {
  /** Indexes set aside and built again (0: none, the table held events or this is SQLite). */
  deferred: number;
  /** Seconds spent building them after the load. */
  buildSeconds: number;
}

/**
 * Runs a bulk load (the first backfill of an organization's history: the demo organization, the
 * scale bench) with the secondary indexes of `events` set aside when, on PostgreSQL, the table
 * is still empty, and builds each once over the loaded rows afterwards, also when the load
 * fails. Keeping them row by row is most of the database's insert work at scale (the trigram
 * index alone about 28%). The rows of `deferred_indexes` make this crash-safe: a process that
 * dies in between leaves them for the next start to build (finishInterruptedDemoLoad, at start-up). A table
 * that already holds events keeps its indexes: readers of those events need them.
 */
export async function withEventIndexesDeferred<T>(
  handle: DatabaseHandle,
  load: () => Promise<T>,
  now = Date.now(),
): Promise<{ result: T; indexes: FirstLoadIndexes }> {
  const deferred =
    handle.dialect === 'postgres' && !(await hasAnyEvent(handle.db))
      ? await deferEventIndexes(handle.db, handle.schema ?? 'public', now)
      : 0;
  let result: T;
  let buildSeconds = 0;
  try {
    result = await load();
  } finally {
    if (deferred > 0) {
      const started = performance.now();
      await buildDeferredIndexes(handle.db);
      buildSeconds = (performance.now() - started) / 1000;
    }
  }
  return { result, indexes: { deferred, buildSeconds } };
}
