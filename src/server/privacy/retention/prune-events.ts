import { rebuildFileRollup } from '../../db/queries/findings/files';
import { lockEmployeeRollups } from '../../db/queries/findings/rollups';
import { asAppDb, findingsDb } from '../../db/queries/findings/tables';
import {
  deleteAlertEvents,
  deleteEventsBatch,
  deleteIncidentEvents,
  forgetRollups,
  nextEmployeeWithEvents,
  trimRollupDays,
} from '../../db/queries/retention';
import type { KeptSpan, ProtectedCase } from '../../db/queries/retention';
import type { DatabaseHandle } from '../../db/database';

/**
 * Events removed per statement: short steps other writers can slip between. Measured on SQLite
 * (1M events, 411k of them old, 2 busy cores): 1,000 took 40 s with the longest stall of the
 * event loop 0.4 s; 5,000 took 32 s with stalls near 1 s.
 */
export const EVENT_BATCH = 1000;

/** What removing old events did. */
export interface PrunedEvents {
  events: number;
  alertEvents: number;
  incidentEvents: number;
  rollupsRefreshed: number;
}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Removes events older than `before`, person by person, in batches, except the events of a
 * protected case's subject (open or on legal hold) inside the case's window. What is derived
 * from them follows: alert and incident timeline links to removed events go; a person's
 * rollups lose the whole days that went (and their per-file totals are rebuilt), or, when kept
 * spans leave a day half-removed, are forgotten so the next finding rebuilds them.
 */
export async function pruneEvents(
  handle: DatabaseHandle,
  before: number,
  protectedCases: readonly ProtectedCase[],
  batch = EVENT_BATCH,
): Promise<PrunedEvents> {
  const { db, dialect } = handle;
  const kept = new Map<string, KeptSpan[]>();
  for (const c of protectedCases) {
    if (c.windowStart >= before) continue;
    const spans = kept.get(c.subjectEmployeeId) ?? [];
    spans.push({ start: c.windowStart, end: c.windowEnd });
    kept.set(c.subjectEmployeeId, spans);
  }
  const out: PrunedEvents = { events: 0, alertEvents: 0, incidentEvents: 0, rollupsRefreshed: 0 };

  const removeAll = async (employeeId: string | null, keep: readonly KeptSpan[]) => {
    let removed = 0;
    for (;;) {
      const n = await deleteEventsBatch(db, employeeId, before, keep, batch);
      removed += n;
      if (n < batch) return removed;
      await breathe();
    }
  };

  for (
    let employeeId = await nextEmployeeWithEvents(db, null);
    employeeId !== undefined;
    employeeId = await nextEmployeeWithEvents(db, employeeId)
  ) {
    const keep = kept.get(employeeId) ?? [];
    const removed = await removeAll(employeeId, keep);
    if (removed === 0) continue;
    out.events += removed;
    out.alertEvents += await deleteAlertEvents(db, employeeId, before, keep);
    out.incidentEvents += await deleteIncidentEvents(db, employeeId, before, keep);
    const person = employeeId;
    await findingsDb(db)
      .transaction()
      .execute(async (trx) => {
        await lockEmployeeRollups(trx, dialect, person);
        if (keep.length > 0) return forgetRollups(asAppDb(trx), person);
        await trimRollupDays(asAppDb(trx), person, before);
        await rebuildFileRollup(trx, dialect, person);
      });
    out.rollupsRefreshed += 1;
    await breathe();
  }
  out.events += await removeAll(null, []);
  return out;
}
