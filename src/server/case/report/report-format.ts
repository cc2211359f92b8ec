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

/** `12,345`. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** `1.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `usb_write` reads `usb write`. */
export function humanize(id: string): string {
  return id.replace(/_/g, ' ');
}
