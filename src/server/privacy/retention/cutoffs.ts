import { AUDIT_DAYS_FLOOR } from '../../../shared/schemas/privacy';
import type { Retention } from '../../../shared/schemas/privacy';

export const DAY_MS = 86_400_000;

/** What is older than these instants goes. */
export interface Cutoffs {
  events: number;
  closedCases: number;
  audit: number;
}

/**
 * The instants a run removes before. The events cut-off starts a UTC day, so whole days of
 * events go and the rollups of those days can simply be dropped; it is never later than
 * `now − eventsDays`. Events count from when Vigil received them (`ingested_at`). Closed cases
 * and audit entries are cut to the millisecond; an audit period stored below the floor (before
 * there was one) is applied as the floor.
 */
export function cutoffsOf(periods: Retention, now: number): Cutoffs {
  return {
    events: Math.floor((now - periods.eventsDays * DAY_MS) / DAY_MS) * DAY_MS,
    closedCases: now - periods.closedCaseDays * DAY_MS,
    audit: now - Math.max(periods.auditDays, AUDIT_DAYS_FLOOR) * DAY_MS,
  };
}
