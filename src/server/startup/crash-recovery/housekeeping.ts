import type { FastifyBaseLogger } from 'fastify';

import { LAST_SEEN_GRANULARITY_MS } from '../../accounts/sessions';
import type { DatabaseHandle } from '../../db/database';
import { deleteExpiredSessions } from '../../db/queries/sessions';
import { removeOrphanSpoolFiles } from '../../ingest/pipeline/spool-files';
import { releaseStrandedClaims } from './stranded-claims';
import type { SweepOptions } from './stranded-runs';
import { failStrandedRuns } from './stranded-runs';

/** How often the server looks for runs whose process has gone. */
export const SWEEP_INTERVAL_MS = 30_000;

/** What the housekeeping does and how often; tests pass their own. */
export interface HousekeepingOptions {
  intervalMs?: number;
  /** Where push spool files are written (the temp folder). */
  spoolDir?: string;
  sweep?: SweepOptions;
  /** The session idle limit: sessions idle past it (or past their absolute limit) are deleted. */
  sessionIdleMs?: number;
}

/**
 * Clears what crashed processes leave behind. At start: runs left `running` by a process that
 * has gone are failed with the reason, people it had claimed for detection go back to the
 * queue, and spool files of processes that have gone are
 * removed. Then, every SWEEP_INTERVAL_MS, the sweep again: a process of another machine is
 * known to have gone only once its heartbeat is stale, and this one's own failures could not
 * be recorded while the database was away. Each sweep also deletes sessions that have
 * expired, so a session row does not outlive its limits just because nobody used it again.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly options: HousekeepingOptions = {},
  ) {}

  /** The sweep and the spool cleanup, once; then the sweep at its interval. */
  async start(): Promise<void> {
    await this.sweep();
    const removed = await removeOrphanSpoolFiles(this.options.spoolDir);
    if (removed.length > 0) {
      this.log.warn({ files: removed }, 'removed spool files of pushes whose process had stopped');
    }
    this.timer = setInterval(() => {
      this.current = this.sweep();
    }, this.options.intervalMs ?? SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the sweeps; waits for the one under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.current;
  }

  private async sweep(): Promise<void> {
    try {
      for (const run of await failStrandedRuns(this.handle, this.options.sweep)) {
        this.log.warn(run, `${run.kind} run ${run.id} marked failed: ${run.reason}`);
      }
      for (const claim of await releaseStrandedClaims(this.handle, this.options.sweep)) {
        this.log.warn(claim, `${claim.people} people handed back to detection: ${claim.reason}`);
      }
    } catch (error) {
      // The database is away: the next sweep tries again.
      this.log.error({ err: error }, 'could not look for runs abandoned by stopped processes');
    }
    if (this.options.sessionIdleMs === undefined) return;
    try {
      const idleBound = this.options.sessionIdleMs + LAST_SEEN_GRANULARITY_MS;
      await deleteExpiredSessions(this.handle.db, Date.now(), idleBound);
    } catch (error) {
      this.log.error({ err: error }, 'could not delete expired sessions');
    }
  }
}
