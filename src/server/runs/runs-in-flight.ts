import type { DatabaseHandle } from '../db/database';
import { beatRuns } from '../db/queries/run-owners';
import { ownerTag } from './this-process';

/** How often a process with runs under way says it is alive (PostgreSQL). */
export const HEARTBEAT_MS = 15_000;

/** The kinds of run a process owns: a batch being ingested, a case being analysed. */
export type RunKind = 'ingest' | 'analysis';

interface Tracker {
  runs: Set<string>;
  heartbeat: NodeJS.Timeout | null;
}

// Keyed by the Kysely instance: tests open several databases in one process.
const trackers = new WeakMap<object, Tracker>();

function trackerOf(handle: DatabaseHandle): Tracker {
  let tracker = trackers.get(handle.db);
  if (!tracker) {
    tracker = { runs: new Set(), heartbeat: null };
    trackers.set(handle.db, tracker);
  }
  return tracker;
}

const key = (kind: RunKind, id: string | number) => `${kind}:${id}`;

/**
 * Notes that this process has a run under way (its row names this process as owner), until
 * endRun. On PostgreSQL, while it has any, a heartbeat marks them alive every HEARTBEAT_MS, so
 * a process on another machine can tell them from runs whose process died. On SQLite every
 * process is on one machine and its pid tells; a heartbeat written there would also land in a
 * batch's open transaction on the shared connection.
 */
export function beginRun(handle: DatabaseHandle, kind: RunKind, id: string | number): void {
  const tracker = trackerOf(handle);
  tracker.runs.add(key(kind, id));
  if (handle.dialect !== 'postgres' || tracker.heartbeat !== null) return;
  tracker.heartbeat = setInterval(() => {
    // A lost connection or a closing pool: the next beat tries again, the sweep waits longer.
    beatRuns(handle.db, ownerTag(), Date.now()).catch(() => undefined);
  }, HEARTBEAT_MS);
  tracker.heartbeat.unref();
}

/** Notes that a run of this process ended (whatever its outcome). */
export function endRun(handle: DatabaseHandle, kind: RunKind, id: string | number): void {
  const tracker = trackerOf(handle);
  tracker.runs.delete(key(kind, id));
  if (tracker.runs.size === 0 && tracker.heartbeat !== null) {
    clearInterval(tracker.heartbeat);
    tracker.heartbeat = null;
  }
}

/** Whether this process has the run under way. */
export function isRunInFlight(handle: DatabaseHandle, kind: RunKind, id: string | number): boolean {
  return trackerOf(handle).runs.has(key(kind, id));
}
