import type { RetentionRun } from '../../../shared/schemas/retention';
import type { DatabaseHandle } from '../../db/database';
import { appendAudit } from '../../db/queries/audit';
import { getPrivacySettings } from '../../db/queries/privacy-settings';
import { deleteAuditBatch, deletePersonViews } from '../../db/queries/retention-audit';
import {
  deleteExpiredCase,
  listExpiredCases,
  listHeldExpiredCases,
  listProtectedCases,
} from '../../db/queries/retention';
import { cutoffsOf } from './cutoffs';
import { pruneEvents } from './prune-events';
import { withRetentionLock } from './retention-lock';

const CASE_BATCH = 100;
const AUDIT_BATCH = 1000;

/** Who started a run, for its audit entry; null for the daily run. */
export interface RetentionActor {
  userId: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * One retention run (issue 17): removes closed cases past the closed-case period with
 * everything of theirs, events past the events period, and audit entries past the audit period,
 * each in short batches, and appends one `retention.run` entry with what went, the cut-offs and
 * the cases a legal hold (or an open case) kept. Returns null, removing nothing, when another
 * run is under way.
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

    const heldExpired = await listHeldExpiredCases(db, cutoffs.closedCases);
    let cases = 0;
    for (;;) {
      const batch = await listExpiredCases(db, cutoffs.closedCases, CASE_BATCH);
      let removed = 0;
      // One transaction per case: its cascade may be large (incidents and their timelines).
      for (const id of batch) if (await deleteExpiredCase(db, id, cutoffs.closedCases)) removed++;
      cases += removed;
      if (batch.length < CASE_BATCH || removed === 0) break;
    }

    const protectedCases = await listProtectedCases(db);
    const events = await pruneEvents(handle, cutoffs.events, protectedCases, options.eventBatch);
    const reaching = protectedCases.filter((c) => c.windowStart < cutoffs.events);

    let auditEntries = 0;
    for (;;) {
      const n = await deleteAuditBatch(db, cutoffs.audit, AUDIT_BATCH);
      auditEntries += n;
      if (n < AUDIT_BATCH) break;
    }
    const personViews = await deletePersonViews(db, cutoffs.audit);

    const summary: RetentionRun = {
      startedAt,
      finishedAt: Math.max(startedAt, Date.now()),
      periods,
      cutoffs,
      removed: {
        events: events.events,
        alertEvents: events.alertEvents,
        incidentEvents: events.incidentEvents,
        cases,
        auditEntries,
        personViews,
      },
      rollupsRefreshed: events.rollupsRefreshed,
      keptByHold: [
        ...new Set([...heldExpired, ...reaching.filter((c) => c.held).map((c) => c.id)]),
      ].sort(),
      keptByOpenCase: reaching
        .filter((c) => !c.held)
        .map((c) => c.id)
        .sort(),
    };
    const actor = options.actor ?? null;
    await appendAudit(db, {
      at: summary.finishedAt,
      actorUserId: actor?.userId ?? null,
      actorEmail: actor?.email ?? null,
      action: 'retention.run',
      targetType: 'retention',
      targetId: 'run',
      details: summary,
      ip: actor?.ip ?? null,
      userAgent: actor?.userAgent ?? null,
    });
    return summary;
  });
}
