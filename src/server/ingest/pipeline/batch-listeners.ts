import type { EventSource } from '../../../shared/events';
import type { DatabaseHandle } from '../../db/database';

/** What a committed batch changed, for work that follows ingest (identity, detection). */
export interface CommittedBatch {
  /** The sources its records were read as. */
  sources: EventSource[];
  /** Events written (duplicates left out). */
  accepted: number;
  /** Employees written from HR or identity records. */
  employees: number;
}

type BatchListener = (batch: CommittedBatch) => void;

const listeners = new WeakMap<DatabaseHandle, Set<BatchListener>>();

/**
 * Calls `listener` after each batch committed on this database, so what follows ingest (identity
 * re-resolution, detection) lives with its own plugin instead of inside the pipeline. Returns
 * the function that removes it.
 */
export function onBatchCommitted(handle: DatabaseHandle, listener: BatchListener): () => void {
  let set = listeners.get(handle);
  if (set === undefined) {
    set = new Set();
    listeners.set(handle, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells the listeners of this database that a batch committed; a listener's error is its own. */
export function announceBatch(handle: DatabaseHandle, batch: CommittedBatch): void {
  for (const listener of listeners.get(handle) ?? []) {
    try {
      listener(batch);
    } catch {
      // A listener schedules background work and reports its own failures.
    }
  }
}
