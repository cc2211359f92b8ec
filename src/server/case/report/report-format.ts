/**
 * How a report writes times, numbers and sizes. Reports are read far from the screen that made
 * them, so times are in UTC and say so.
 */

/** `2026-11-20 14:03 UTC`. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `2026-11-20`. */
export function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The window as two days, its end exclusive shown as the last day it covers. */
export function formatWindow(start: number, end: number): string {
  return `${formatDay(start)} to ${formatDay(end - 1)}`;
}
