import { DETECTION_CLAIM_STALE_MS } from '../../analysis/alerts/detection-pass';
import type { DatabaseHandle } from '../../db/database';
import { listDetectionClaimOwners, releaseClaimsOf } from '../../db/queries/detection-queue';
import { whyOwnerGone } from '../../runs/owner-liveness';
import type { SweepOptions } from './stranded-runs';
import { THIS_PROCESS } from '../../runs/this-process';

/** People handed back to the detection queue because their claimant has gone, and why. */
export interface ReleasedClaims {
  owner: string;
  people: number;
  reason: string;
}

/**
 * Hands back to the detection queue the people claimed by a process that has gone (a kill -9
 * mid-detection), judged as runs are: on this machine by its pid, at once; on another only once
 * its claims are older than a claim may be (they hold no heartbeat). Without this, they waited
 * out the ten minutes a claim is trusted. This process's own claims are its pass's to release.
 */
export async function releaseStrandedClaims(
  handle: DatabaseHandle,
  options: SweepOptions = {},
): Promise<ReleasedClaims[]> {
  const now = options.now ?? Date.now();
  const self = options.self ?? THIS_PROCESS;
  const released: ReleasedClaims[] = [];
  for (const claim of await listDetectionClaimOwners(handle.db)) {
    const reason = whyOwnerGone(
      { id: claim.owner, owner: claim.owner, startedAt: claim.claimedAt, heartbeatAt: null },
      {
        self,
        now,
        inFlight: false,
        staleAfterMs: DETECTION_CLAIM_STALE_MS,
        // Own claims: the pass under way releases or finishes them.
        ownGraceMs: Infinity,
        ...(options.pidAlive ? { pidAlive: options.pidAlive } : {}),
      },
    );
    if (reason === null) continue;
    const people = await releaseClaimsOf(handle.db, claim.owner);
    if (people > 0) released.push({ owner: claim.owner, people, reason });
  }
  return released;
}
