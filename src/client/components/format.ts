const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** A moment in the reader's zone, e.g. "Nov 22, 2026, 4:10 PM". */
export function formatDateTime(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : dateTime.format(ms);
}

/** A day in the reader's zone. */
export function formatDate(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : date.format(ms);
}

/** "3 hours ago", "in 2 days". */
export function formatRelative(ms: number | null | undefined, now = Date.now()): string {
  if (ms === null || ms === undefined) return '—';
  const seconds = Math.round((ms - now) / 1000);
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(seconds, 'second');
}

/** `YYYY-MM-DD` of an instant in UTC, for date inputs. */
export function toDateInput(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A count with thousands separators. */
export function formatNumber(value: number): string {
  return value.toLocaleString();
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as ISO 8601 in the reader's zone with its offset, e.g. "2026-11-22T16:10:05+01:00":
 * what exports carry, so a spreadsheet reads the same instant the table shows.
 */
export function isoDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  const at = new Date(ms);
  const offset = -at.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `${sign}${twoDigits(Math.floor(Math.abs(offset) / 60))}:${twoDigits(Math.abs(offset) % 60)}`;
  const date = `${at.getFullYear()}-${twoDigits(at.getMonth() + 1)}-${twoDigits(at.getDate())}`;
  const time = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}:${twoDigits(at.getSeconds())}`;
  return `${date}T${time}${zone}`;
}

const dateTimeWithZone = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'long',
});

/**
 * A moment to the second with its zone, e.g. "Oct 17, 2026, 5:29:44 PM UTC": for a record's own
 * time, where the second and the zone matter.
 */
export function formatDateTimeWithZone(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : dateTimeWithZone.format(ms);
}
