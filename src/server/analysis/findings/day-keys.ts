const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a UTC day number. */
export function dayKey(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Every UTC day number of a window, in order (the x axis of daily charts). */
export function windowDays(window: { start: number; end: number }): number[] {
  const out: number[] = [];
  for (let day = Math.floor(window.start / DAY_MS); day * DAY_MS < window.end; day++) out.push(day);
  return out;
}

/** The median of some numbers (0 for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** A share rounded to three decimals, 0 when there is nothing to divide. */
export function share(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0;
}
