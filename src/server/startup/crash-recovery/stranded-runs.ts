import type { DatabaseHandle } from '../../db/database';
import {
  failStrandedAnalysis,
  failStrandedIngestRun,
  listRunningAnalyses,
  listRunningIngestRuns,
} from '../../db/queries/run-owners';
import type { IngestVia } from '../../ingest/pipeline/types';
import { syncStatusJson } from '../../ingest/store/sync-status';
import type { LivenessContext } from '../../runs/owner-liveness';
import { whyOwnerGone } from '../../runs/owner-liveness';
import { isRunInFlight } from '../../runs/runs-in-flight';
import type { RunKind } from '../../runs/runs-in-flight';
import { THIS_PROCESS } from '../../runs/this-process';

/** How the sweep judges owners; the defaults suit a server, tests pass their own. */
export type SweepOptions = Partial<Omit<LivenessContext, 'inFlight'>>;

/** A run the sweep failed, and why. */
export interface StrandedRun {
  kind: RunKind;
  id: number | string;
  reason: string;
}

/** Eight missed heartbeats: a process that busy is not running anything well anyway. */
export const STALE_AFTER_MS = 2 * 60_000;
const OWN_GRACE_MS = 60_000;

/** The sentence a stranded batch's run and integration keep. */
export function strandedBatchMessage(reason: string): string {
  return `The batch did not finish: ${reason}. Nothing of it was written; send it again.`;
}

/**
 * Fails the runs left `running` by a process that has gone (a kill -9, a crash, a lost
 * machine), so that no batch stays "running" and no case stays "being recomputed" for ever:
 * an ingest run becomes `failed` with the reason, on its integration too unless a later batch
 * has finished there; an analysis run becomes `failed` (the case's next trigger runs it
 * again). A run that another live process, or this one, still has under way is left alone.
 * Nothing of a failed batch is in the database: a batch commits with its run's success.
 */
export async function failStrandedRuns(
  handle: DatabaseHandle,
  options: SweepOptions = {},
): Promise<StrandedRun[]> {
  const now = options.now ?? Date.now();
  const context = {
    self: options.self ?? THIS_PROCESS,
    now,
    staleAfterMs: options.staleAfterMs ?? STALE_AFTER_MS,
    ownGraceMs: options.ownGraceMs ?? OWN_GRACE_MS,
    ...(options.pidAlive ? { pidAlive: options.pidAlive } : {}),
  };
  const failed: StrandedRun[] = [];
  for (const run of await listRunningIngestRuns(handle.db)) {
    const inFlight = isRunInFlight(handle, 'ingest', run.id);
    const reason = whyOwnerGone(run, { ...context, inFlight });
    if (reason === null) continue;
    const message = strandedBatchMessage(reason);
    const status = syncStatusJson({
      status: 'failed',
      runId: run.id,
      via: run.via as IngestVia,
      at: now,
      records: 0,
      accepted: 0,
      duplicate: 0,
      rejected: 0,
      message,
      errors: [],
    });
    if (await failStrandedIngestRun(handle.db, run, { message, syncStatusJson: status, now })) {
      failed.push({ kind: 'ingest', id: run.id, reason });
    }
  }
  for (const run of await listRunningAnalyses(handle.db)) {
    const inFlight = isRunInFlight(handle, 'analysis', run.id);
    const reason = whyOwnerGone(run, { ...context, inFlight });
    if (reason === null) continue;
    if (await failStrandedAnalysis(handle.db, run, now)) {
      failed.push({ kind: 'analysis', id: run.id, reason });
    }
  }
  return failed;
}
