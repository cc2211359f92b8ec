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
 * `now − eventsDays`. Closed cases and audit entries are cut to the millisecond.
 */
export function cutoffsOf(periods: Retention, now: number): Cutoffs {
  return {
    events: Math.floor((now - periods.eventsDays * DAY_MS) / DAY_MS) * DAY_MS,
    closedCases: now - periods.closedCaseDays * DAY_MS,
    audit: now - periods.auditDays * DAY_MS,
  };
}
