import type { FastifyBaseLogger } from 'fastify';

import { beginRun, endRun } from '../../runs/runs-in-flight';
import { ownerTag } from '../../runs/this-process';
import { retryWhileDisconnected } from '../../db/connection-loss';
import type { DatabaseHandle } from '../../db/database';
import {
  claimPendingInvestigations,
  finishAnalysis,
  returnToQueue,
} from '../../db/queries/analysis-runs';
import { analyseInvestigation } from './run-analysis';

/** How the runner paces itself. */
export interface RunnerOptions {
  /** Pause between looks at the queue when there was nothing to do. */
  intervalMs?: number;
  /** Cases claimed per look; a process works through them one at a time. */
  batch?: number;
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

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    options: RunnerOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 3000;
    this.batch = options.batch ?? 4;
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

  /**
   * One look at the queue; true when it analysed something. Runs a process left running when
   * it died are failed by the sweep in crash-recovery/, not here.
   */
  async tick(): Promise<boolean> {
    const claimed = await claimPendingInvestigations(
      this.handle.db,
      Date.now(),
      this.batch,
      ownerTag(),
    );
    for (const id of claimed) beginRun(this.handle, 'analysis', id);
    try {
      for (const id of claimed) await this.analyse(id);
    } finally {
      // Cases left running by a failure here are the sweep's once they are no longer ours.
      for (const id of claimed) endRun(this.handle, 'analysis', id);
    }
    return claimed.length > 0;
  }

  private async analyse(id: string): Promise<void> {
    if (this.stopping) {
      // Hand the rest back rather than leave them to the sweep.
      await returnToQueue(this.handle.db, id);
      return;
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
      await retryWhileDisconnected(() => finishAnalysis(this.handle.db, id, 'failed', Date.now()));
      this.log.error({ err: error, investigationId: id }, 'analysis run failed');
    }
  }
}
