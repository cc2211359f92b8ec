const DAY_MS = 86_400_000;

/** The window a new investigation covers unless told otherwise: the last 90 days through today (UTC). */
export function defaultWindow(now: number): { start: number; end: number } {
  const startOfTomorrow = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  return { start: startOfTomorrow - 91 * DAY_MS, end: startOfTomorrow };
}
