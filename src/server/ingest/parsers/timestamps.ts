import { fail } from '../errors';

/** One day in ms: how far in the future a record's time may be before it is rejected. */
export const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** Below this, an epoch number in ms would be before 1973: it must be seconds. */
const EPOCH_MS_FLOOR = 1e11;

const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Epoch ms from a time value, or NaN when it cannot be read. Accepts ISO-8601 with or without
 * `T`, zone and fraction (a missing zone means UTC, as in Microsoft 365's `CreationTime`),
 * Panther's `YYYY-MM-DD HH:MM:SS.fffffffff`, date-only values (midnight UTC), and, when `epoch`
 * is given, epoch numbers or numeric strings in that unit. A number clearly in the other unit
 * (seconds where ms are documented, or the reverse) is converted rather than misread by 1000x.
 */
export function parseTime(value: unknown, epoch: 'ms' | 's' | null = null): number {
  return withinDateRange(readTime(value, epoch));
}

function readTime(value: unknown, epoch: 'ms' | 's' | null): number {
  if (typeof value === 'number') return epoch === null ? Number.NaN : fromEpoch(value);
  if (typeof value !== 'string') return Number.NaN;
  const trimmed = value.trim();
  if (epoch !== null && /^\d{9,}(\.\d+)?$/.test(trimmed)) return fromEpoch(Number(trimmed));
  return parseIsoLike(trimmed);
}

/** JavaScript dates end 8.64e15 ms from 1970; anything beyond is not a time. */
function withinDateRange(time: number): number {
  return Number.isSafeInteger(time) && Math.abs(time) <= 8.64e15 ? time : Number.NaN;
}

function fromEpoch(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return Number.NaN;
  // Whatever the documented unit, 1e11 splits the two: as seconds it is the year 5138, as ms 1973.
  return Math.round(value >= EPOCH_MS_FLOOR ? value : value * 1000);
}

function parseIsoLike(value: string): number {
  const match = ISO_LIKE.exec(value);
  if (match === null) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Math.min(Number(s), 59);
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return Number.NaN;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  // Date.UTC rolls 31 April over to 1 May; a round trip catches impossible dates.
  if (new Date(utc).getUTCDate() !== day) return Number.NaN;
  return utc - zoneOffsetMs(zone);
}

function zoneOffsetMs(zone: string | undefined): number {
  if (zone === undefined || /^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  return sign * (hours * 60 + minutes) * 60 * 1000;
}

/** Where a record's time comes from, for messages. */
export interface TimeField {
  /** The field as people know it, e.g. "`published`". */
  name: string;
  /** What to say when it is missing, e.g. "Okta records need `published`". */
  missing: string;
  epoch?: 'ms' | 's';
}

/** What {@link requireTime} needs of the parser options. */
export interface TimeOptions {
  now: number;
  /** The time given to a record without one (the integration asked for it), or null. */
  undatedTime?: number | null;
}

/**
 * The record's time in epoch ms, or a RecordError: missing (unless the integration gives such
 * records the time they were received), unreadable, or more than a day in the future (a wrong
 * clock or a local time taken for UTC would corrupt every timeline).
 */
export function requireTime(
  value: unknown,
  spec: TimeField,
  position: number,
  options: number | TimeOptions,
): number {
  const { now, undatedTime = null } = typeof options === 'number' ? { now: options } : options;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (undatedTime !== null) return undatedTime;
    fail(position, `no time: ${spec.missing}`);
  }
  const time = parseTime(value, spec.epoch ?? null);
  if (Number.isNaN(time)) {
    const shown = typeof value === 'string' ? `"${value.slice(0, 60)}"` : JSON.stringify(value);
    const expected = spec.epoch
      ? `an ISO-8601 time or epoch ${spec.epoch === 's' ? 'seconds' : 'milliseconds'}`
      : 'an ISO-8601 time such as 2024-05-01T09:30:00Z';
    fail(position, `unreadable time: ${spec.name} is ${shown}, expected ${expected}`);
  }
  if (time > now + FUTURE_TOLERANCE_MS) {
    fail(
      position,
      `time in the future: ${spec.name} is ${new Date(time).toISOString()}, more than a day after now; check the source's clock and time zone`,
    );
  }
  return time;
}
