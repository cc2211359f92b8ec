import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { RetentionRun } from '../../../shared/schemas/retention';
import { retryWhileDisconnected } from '../../db/connection-loss';
import { appendAudit } from '../../db/queries/audit';
import type { Database } from '../../db/schema';

/** Who started a run, for its audit entries; null for the daily run. */
export interface RetentionActor {
  userId: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
}

/** What a run removes, counted as each step commits. */
export type Removed = RetentionRun['removed'];

/** One step's result: how many went, and what to say about it in its entry. */
export interface StepResult {
  removed: number;
  details?: Record<string, unknown>;
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The audit trail of one retention run: a `retention.start` entry committed before anything
 * goes, one `retention.batch` entry in the same transaction as each removal (so the log says
 * exactly what went, whatever stops the run), and `retention.run` with the summary at the end.
 */
export class RunJournal {
  readonly runId = randomUUID();
  readonly removed: Removed = {
    events: 0,
    alertEvents: 0,
    incidentEvents: 0,
    cases: 0,
    auditEntries: 0,
    personViews: 0,
    quarantined: 0,
  };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly actor: RetentionActor | null,
  ) {}

  #append(db: Kysely<Database>, action: string, details: Record<string, unknown>) {
    return appendAudit(db, {
      at: Date.now(),
      actorUserId: this.actor?.userId ?? null,
      actorEmail: this.actor?.email ?? null,
      action,
      targetType: 'retention',
      targetId: 'run',
      details: { runId: this.runId, ...details },
      ip: this.actor?.ip ?? null,
      userAgent: this.actor?.userAgent ?? null,
    });
  }

  /** Commits the start entry: what the run is about to apply. */
  start(details: Record<string, unknown>): Promise<void> {
    return this.#append(this.db, 'retention.start', details);
  }

  /**
   * Runs one removal in its own transaction with its entry (none when nothing went), and
   * counts it once committed.
   */
  async step(
    kind: keyof Removed,
    work: (trx: Kysely<Database>) => Promise<StepResult>,
  ): Promise<StepResult> {
    const result = await this.db.transaction().execute(async (trx) => {
      const done = await work(trx);
      if (done.removed > 0)
        await this.#append(trx, 'retention.batch', {
          step: kind,
          removed: done.removed,
          ...done.details,
        });
      return done;
    });
    this.removed[kind] += result.removed;
    return result;
  }

  /** Commits the summary entry. */
  finish(summary: RetentionRun): Promise<void> {
    return this.#append(this.db, 'retention.run', { ...summary });
  }

  /**
   * Notes that the run stopped, and after what, riding out a short outage (the connection that
   * broke the run has usually broken its pool's idle ones too); given up when the database
   * stays away: each batch's own entry already says what went.
   */
  async stopped(error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message.slice(0, 300) : String(error);
    await retryWhileDisconnected(() =>
      this.#append(this.db, 'retention.stopped', { removed: this.removed, reason }),
    ).catch(() => undefined);
  }

  /** What went so far, in words: "1,828 events, 0 cases and 0 audit entries". */
  describe(): string {
    const r = this.removed;
    return `${number(r.events)} ${r.events === 1 ? 'event' : 'events'}, ${number(r.quarantined)} quarantined ${r.quarantined === 1 ? 'record' : 'records'}, ${number(r.cases)} closed ${r.cases === 1 ? 'case' : 'cases'} and ${number(r.auditEntries)} audit ${r.auditEntries === 1 ? 'entry' : 'entries'}`;
  }
}

/**
 * A run that stopped partway (the database went away, the process is closing): some of what it
 * set out to remove is gone, each removal in the audit log; the rest stays for the next run.
 */
export class RetentionInterrupted extends Error {
  constructor(
    readonly removed: Removed,
    description: string,
    options?: { cause: unknown },
  ) {
    super(
      `Retention stopped partway: it removed ${description} before it could go on (each removal is in the audit log). What is left stays until the next run; run it again to finish.`,
      options,
    );
    this.name = 'RetentionInterrupted';
  }
}
