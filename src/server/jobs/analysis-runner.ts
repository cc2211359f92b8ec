import type { FastifyBaseLogger } from 'fastify';

import { retryWhileDisconnected } from '../db/connection-loss';
import type { DatabaseHandle } from '../db/database';
import {
  claimPendingInvestigations,
  finishAnalysis,
  requeueStaleRuns,
} from '../db/queries/analysis-runs';
import { analyseInvestigation } from './run-analysis';

/** How the runner paces itself. */
export interface RunnerOptions {
  /** Pause between looks at the queue when there was nothing to do. */
  intervalMs?: number;
  /** Cases claimed per look; a process works through them one at a time. */
  batch?: number;
  /** A run still `running` after this long belonged to a process that died; it is queued again. */
  staleAfterMs?: number;
}

/**
 * The in-process analysis runner: every few seconds it claims pending cases (atomically, so
 * several processes can share one PostgreSQL database), analyses them one by one and marks
 * them idle or failed. Triggers only set `pending`: creating a case, moving its window, new
 * events for its subject.
 */
export class AnalysisRunner {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private stopped = true;
  /** Set by stop(): cases claimed but not yet started go back to the queue. */
  private stopping = false;
  private readonly intervalMs: number;
  private readonly batch: number;
  private readonly staleAfterMs: number;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    options: RunnerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 3000;
    this.batch = options.batch ?? 4;
    this.staleAfterMs = options.staleAfterMs ?? 15 * 60_000;
  }

  /** Starts looking at the queue. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops looking and waits for the run in progress to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = this.tick()
        .then((worked) => this.schedule(worked ? 0 : this.intervalMs))
        .catch((error: unknown) => {
          this.log.error({ err: error }, 'the analysis runner could not read its queue');
          this.schedule(this.intervalMs);
        });
    }, delay);
    this.timer.unref();
  }

  /** One look at the queue; true when it analysed something. */
  async tick(): Promise<boolean> {
    const now = Date.now();
    const requeued = await requeueStaleRuns(this.handle.db, now - this.staleAfterMs, now);
    if (requeued > 0)
      this.log.warn({ requeued }, 'analysis runs abandoned by a stopped process were queued again');
    const claimed = await claimPendingInvestigations(this.handle.db, now, this.batch);
    for (const id of claimed) {
      if (this.stopping) {
        // Hand the rest back rather than leave them running until they go stale.
        await this.handle.db
          .updateTable('investigations')
          .set({ analysis_state: 'pending' })
          .where('id', '=', id)
          .where('analysis_state', '=', 'running')
          .execute();
        continue;
      }
      try {
        const result = await analyseInvestigation(this.handle, id);
        await finishAnalysis(this.handle.db, id, 'idle', Date.now());
        this.log.info(
          {
            investigationId: id,
            ...result.incidents,
            score: result.score,
            level: result.level,
            ms: result.timings.total,
          },
          'analysis run finished',
        );
      } catch (error) {
        // A lost connection fails the run and often the pool's other connections: try again.
        await retryWhileDisconnected(() =>
          finishAnalysis(this.handle.db, id, 'failed', Date.now()),
        );
        this.log.error({ err: error, investigationId: id }, 'analysis run failed');
      }
    }
    return claimed.length > 0;
  }
}
