import type { RetentionRun } from '../../../shared/schemas/retention';
import type { DatabaseHandle } from '../../db/database';
import { getPrivacySettings } from '../../db/queries/privacy-settings';
import { deleteQuarantinedBefore } from '../../db/queries/quarantine';
import { deleteAuditBatch, deletePersonViews } from '../../db/queries/retention-audit';
import {
  deleteExpiredCase,
  listExpiredCases,
  listHeldExpiredCases,
  listProtectedCases,
} from '../../db/queries/retention';
import { casesKeepingOldEvents } from '../../db/queries/retention-kept';
import { cutoffsOf } from './cutoffs';
import { pruneEvents } from './prune-events';
import { withRetentionLock } from './retention-lock';
import { RetentionInterrupted, RunJournal } from './run-journal';
import type { RetentionActor } from './run-journal';
import { queueNotification } from '../../notify/queue-notification';

export type { RetentionActor } from './run-journal';

const CASE_BATCH = 100;
const AUDIT_BATCH = 1000;
/** Quarantined records removed per step: each may hold up to 1 MB of raw text. */
const QUARANTINE_BATCH = 500;

/**
 * One retention run (issues 17, 23 and 26): removes closed cases past the closed-case period
 * with everything of theirs, events Vigil received longer ago than the events period (counted
 * from `ingested_at`, so imported history gets the whole period) and quarantined records set
 * aside before the same cut-off, and audit entries past the
 * audit period (a held case's history stays), each in short batches. A `retention.start` entry
 * commits first, each batch commits with its own entry, and `retention.run` sums it up with the
 * cases a legal hold (or an open case) kept. Returns null, removing nothing, when another run is
 * under way; throws RetentionInterrupted, saying what went, when it stops partway.
 */
export async function runRetention(
  handle: DatabaseHandle,
  options: { now?: number; actor?: RetentionActor | null; eventBatch?: number } = {},
): Promise<RetentionRun | null> {
  return withRetentionLock(handle, async () => {
    const { db } = handle;
    const startedAt = options.now ?? Date.now();
    const periods = (await getPrivacySettings(db)).retention;
    const cutoffs = cutoffsOf(periods, startedAt);
    const journal = new RunJournal(db, options.actor ?? null);
    await journal.start({ startedAt, periods, cutoffs });
    try {
      const heldExpired = await listHeldExpiredCases(db, cutoffs.closedCases);
      for (;;) {
        const batch = await listExpiredCases(db, cutoffs.closedCases, CASE_BATCH);
        let removed = 0;
        // One transaction per case: its cascade may be large (incidents and their timelines).
        for (const id of batch) {
          const step = await journal.step('cases', async (trx) => ({
            removed: (await deleteExpiredCase(trx, id, cutoffs.closedCases)) ? 1 : 0,
            details: { investigationId: id },
          }));
          removed += step.removed;
        }
        if (batch.length < CASE_BATCH || removed === 0) break;
      }

      const events = await pruneEvents(handle, cutoffs.events, journal, options.eventBatch);
      const kept = await casesKeepingOldEvents(db, await listProtectedCases(db), cutoffs.events);
      // Records set aside at ingest follow the events period, counted from when they came in.
      for (;;) {
        const { removed } = await journal.step('quarantined', async (trx) => ({
          removed: await deleteQuarantinedBefore(trx, cutoffs.events, QUARANTINE_BATCH),
        }));
        if (removed < QUARANTINE_BATCH) break;
      }

      for (;;) {
        const { removed } = await journal.step('auditEntries', async (trx) => ({
          removed: await deleteAuditBatch(trx, handle.dialect, cutoffs.audit, AUDIT_BATCH),
        }));
        if (removed < AUDIT_BATCH) break;
      }
      await journal.step('personViews', async (trx) => ({
        removed: await deletePersonViews(trx, cutoffs.audit),
      }));

      const summary: RetentionRun = {
        runId: journal.runId,
        startedAt,
        finishedAt: Math.max(startedAt, Date.now()),
        periods,
        cutoffs,
        removed: { ...journal.removed },
        rollupsRefreshed: events.rollupsRefreshed,
        keptByHold: [
          ...new Set([...heldExpired, ...kept.filter((c) => c.held).map((c) => c.id)]),
        ].sort(),
        keptByOpenCase: kept
          .filter((c) => !c.held)
          .map((c) => c.id)
          .sort(),
      };
      await journal.finish(summary);
      const { events: gone, cases, auditEntries } = summary.removed;
      if (gone + cases + auditEntries > 0) {
        await queueNotification(
          db,
          {
            type: 'retention.removed',
            runId: journal.runId,
            removed: { events: gone, cases, auditEntries },
          },
          Date.now(),
        );
      }
      return summary;
    } catch (error) {
      await journal.stopped(error);
      throw new RetentionInterrupted({ ...journal.removed }, journal.describe(), { cause: error });
    }
  });
}
