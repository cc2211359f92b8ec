const DAY_MS = 86_400_000;

/**
 * The window of a case opened from a template of `days` days: that many days back through
 * today (UTC), ending at the start of tomorrow as a new case's default window does.
 */
export function templateWindow(now: number, days: number): { start: number; end: number } {
  const startOfTomorrow = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  return { start: startOfTomorrow - days * DAY_MS, end: startOfTomorrow };
}
