import type { DatabaseHandle } from '../../db/database';
import {
  buildDeferredIndexes,
  deferEventIndexes,
  hasAnyEvent,
} from '../../db/queries/deferred-indexes';

/** What {@link withEventIndexesDeferred} did around the load. */
export interface FirstLoadIndexes {
  /** Indexes set aside (0: none, the table held events or this is SQLite). */
  deferred: number;
  /** Seconds spent building them after the load (0 when left for later). */
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
 *
 * `later`: a load that succeeds leaves its indexes set aside, for the caller to build with
 * buildDeferredIndexes when it can wait for them (the demo, once Vigil is listening). A load that
 * fails still builds them at once.
 */
export async function withEventIndexesDeferred<T>(
  handle: DatabaseHandle,
  load: () => Promise<T>,
  now = Date.now(),
  { later = false }: { later?: boolean } = {},
): Promise<{ result: T; indexes: FirstLoadIndexes }> {
  const deferred =
    handle.dialect === 'postgres' && !(await hasAnyEvent(handle.db))
      ? await deferEventIndexes(handle.db, handle.schema ?? 'public', now)
      : 0;
  let result: T;
  let buildSeconds = 0;
  let loaded = false;
  try {
    result = await load();
    loaded = true;
  } finally {
    if (deferred > 0 && !(later && loaded)) {
      const started = performance.now();
      await buildDeferredIndexes(handle.db);
      buildSeconds = (performance.now() - started) / 1000;
    }
  }
  return { result, indexes: { deferred, buildSeconds } };
}
