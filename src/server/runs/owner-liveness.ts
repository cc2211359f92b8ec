import type { RunningRun } from '../db/queries/run-owners';
import type { ProcessIdentity } from './this-process';
import { isPidAlive, parseOwnerTag } from './this-process';

/** What the judgement of a run's owner needs besides the run. */
export interface LivenessContext {
  self: ProcessIdentity;
  now: number;
  /** Whether this process has the run under way. */
  inFlight: boolean;
  /** A run of another machine whose heartbeat is older than this has lost its process. */
  staleAfterMs: number;
  /**
   * This process's own runs not under way are judged only once this old: a run's row is written
   * a moment before the process notes it as under way.
   */
  ownGraceMs: number;
  pidAlive?: (pid: number) => boolean;
}

/**
 * Why a running run's process has gone, as a phrase for its failure message, or null while it
 * may still be running. On this machine the pid answers (a pid reused by this very process
 * means the owner was an earlier one, as after a container restart); on another machine only
 * the heartbeat can, so a run is given up once it has been silent for `staleAfterMs`.
 */
export function whyOwnerGone(run: RunningRun<unknown>, context: LivenessContext): string | null {
  const owner = parseOwnerTag(run.owner);
  if (owner === null) return 'the process running it stopped (it predates run owners)';
  const { self, now } = context;
  const who = `process ${owner.pid} on ${owner.hostname}`;
  if (owner.instance === self.instance) {
    if (context.inFlight || run.startedAt > now - context.ownGraceMs) return null;
    return 'it failed while the database was unreachable, so its end was not recorded then';
  }
  if (owner.hostname === self.hostname) {
    if (owner.pid === self.pid) return `${who} was restarted`;
    return (context.pidAlive ?? isPidAlive)(owner.pid) ? null : `${who} is no longer running`;
  }
  const heard = run.heartbeatAt ?? run.startedAt;
  if (heard > now - context.staleAfterMs) return null;
  return `${who} has not been heard from since ${new Date(heard).toISOString()}`;
}
