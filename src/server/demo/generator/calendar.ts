/**
 * Calendar dates, IANA time zones and the timestamp formats the sources use.
 *
 * Employees live in their own zones, so their working day is planned in local time and turned
 * into UTC here. Offsets come from Intl.DateTimeFormat, which knows every zone's DST rules.
 */

/** A calendar date without a zone; months are 1-12. */
export interface LocalDate {
  readonly y: number;
  readonly m: number;
  readonly d: number;
}

/** Milliseconds in a UTC day. */
export const DAY_MS = 86_400_000;

/** Parses `YYYY-MM-DD`; throws a readable error for anything else. */
export function parseDate(text: string): LocalDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new Error(`Expected a date like 2026-11-20, got "${text}"`);
  const date = { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
  if (formatDate(fromDayNumber(dayNumber(date))) !== text) {
    throw new Error(`"${text}" is not a calendar date`);
  }
  return date;
}

/** `YYYY-MM-DD`. */
export function formatDate(date: LocalDate): string {
  return `${date.y}-${pad2(date.m)}-${pad2(date.d)}`;
}

/** Days since 1970-01-01; handy for arithmetic and comparisons. */
export function dayNumber(date: LocalDate): number {
  return Math.floor(Date.UTC(date.y, date.m - 1, date.d) / DAY_MS);
}

/** The date with the given day number. */
export function fromDayNumber(n: number): LocalDate {
  const t = new Date(n * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** The date n days later (or earlier when n is negative). */
export function addDays(date: LocalDate, n: number): LocalDate {
  return fromDayNumber(dayNumber(date) + n);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: LocalDate): number {
  return (dayNumber(date) + 4) % 7;
}

/** Saturday or Sunday. */
export function isWeekend(date: LocalDate): boolean {
  const w = weekday(date);
  return w === 0 || w === 6;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock reading of a UTC instant in a zone. */
export interface ZonedParts {
  readonly date: LocalDate;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 = Sunday ... 6 = Saturday. */
  readonly weekday: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Reads a UTC instant on the wall clock of `timeZone`. */
export function toZoned(utcMs: number, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(utcMs)) parts[p.type] = p.value;
  return {
    date: { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day) },
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
  };
}

/** Offset of the zone from UTC at an instant, in ms (positive east of Greenwich). */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const z = toZoned(utcMs, timeZone);
  const asUtc = Date.UTC(z.date.y, z.date.m - 1, z.date.d, z.hour, z.minute, z.second);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

const dayOffsets = new Map<string, readonly [number, number]>();

/**
 * The UTC instant of a local wall-clock time. `minutes` may exceed 24 h to reach into the next
 * day. A time skipped by a spring-forward transition lands just after it, as clocks do.
 */
export function zonedToUtc(date: LocalDate, minutes: number, timeZone: string): number {
  const naive = Date.UTC(date.y, date.m - 1, date.d) + Math.round(minutes * 60_000);
  // Most days have one offset; remember it so a day plan costs two Intl calls, not dozens.
  const key = `${timeZone}|${formatDate(date)}`;
  let offsets = dayOffsets.get(key);
  if (!offsets) {
    const midnight = Date.UTC(date.y, date.m - 1, date.d);
    const approx = midnight - zoneOffsetMs(midnight, timeZone);
    // Covers local times up to 48 h after midnight, enough for sessions running past midnight.
    offsets = [zoneOffsetMs(approx, timeZone), zoneOffsetMs(approx + 2 * DAY_MS, timeZone)];
    dayOffsets.set(key, offsets);
  }
  if (offsets[0] === offsets[1]) return naive - offsets[0];
  const first = zoneOffsetMs(naive, timeZone);
  const guess = naive - first;
  const second = zoneOffsetMs(guess, timeZone);
  return second === first ? guess : naive - second;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** ISO-8601 with milliseconds and `Z` (Okta `published`, Google `id.time`, Intune). */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** ISO-8601 without zone or fraction, UTC implied (Microsoft 365 `CreationTime`). */
export function m365Time(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** `YYYY-MM-DD HH:MM:SS.mmm` in UTC (Sysmon `UtcTime`). */
export function sysmonTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC (ServiceNow table API without display values). */
export function serviceNowTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
