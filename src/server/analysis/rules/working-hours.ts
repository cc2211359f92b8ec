import type { Configuration } from '../../../shared/schemas/configuration';
import { isValidTimeZone, zoneOffsetMs } from '../../../shared/time/zones';
import type { WorkingHours, ZoneOffset } from './compile-filter';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** At most this many (zone, midnight) offsets are remembered before the memo starts again. */
const DAY_OFFSETS_MAX = 200_000;
const dayOffsets = new Map<string, Map<number, number>>();
let dayOffsetCount = 0;

/**
 * The zone's offset at a UTC midnight, remembered: every person's span is whole days, and
 * detection asks again for each person and batch (Intl's formatToParts costs microseconds a
 * call: 4 s of a demo start went here when each span was worked out anew).
 */
function offsetAtMidnight(zone: string, at: number): number {
  let days = dayOffsets.get(zone);
  if (!days) {
    days = new Map();
    dayOffsets.set(zone, days);
  }
  let offset = days.get(at);
  if (offset === undefined) {
    if (dayOffsetCount >= DAY_OFFSETS_MAX) {
      for (const kept of dayOffsets.values()) kept.clear();
      dayOffsetCount = 0;
    }
    offset = zoneOffsetMs(zone, at);
    days.set(at, offset);
    dayOffsetCount++;
  }
  return offset;
}

const changes = new Map<string, number>();

/** The minute in (at, next] where the zone leaves `current`, found by halving, remembered. */
function changeWithin(zone: string, at: number, next: number, current: number): number {
  const key = `${zone}:${at}:${next}`;
  const known = changes.get(key);
  if (known !== undefined) return known;
  let low = at;
  let high = next;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.max(MINUTE_MS, Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS);
    if (zoneOffsetMs(zone, middle) === current) low = middle;
    else high = middle;
  }
  if (changes.size >= 10_000) changes.clear();
  changes.set(key, high);
  return high;
}

/**
 * The zone's offsets over [from, to] (whole UTC days), found per day and then to the minute
 * where they change.
 */
function offsetsOver(zone: string, from: number, to: number): ZoneOffset[] {
  const out: ZoneOffset[] = [];
  let current = offsetAtMidnight(zone, from);
  let at = from;
  while (at < to) {
    const next = Math.min(at + DAY_MS, to);
    const offset = offsetAtMidnight(zone, next);
    if (offset !== current) {
      out.push({ until: changeWithin(zone, at, next, current), offsetMs: current });
      current = offset;
    }
    at = next;
  }
  out.push({ until: null, offsetMs: current });
  return out;
}

const cache = new Map<string, ZoneOffset[]>();

/** The offsets of a zone over a span (whole days around it), remembered: people share zones. */
function cachedOffsets(zone: string, from: number, to: number): ZoneOffset[] {
  const start = Math.floor(from / DAY_MS) * DAY_MS - DAY_MS;
  const end = Math.ceil(to / DAY_MS) * DAY_MS + DAY_MS;
  const key = `${zone}:${start}:${end}`;
  let offsets = cache.get(key);
  if (!offsets) {
    offsets = offsetsOver(zone, start, end);
    if (cache.size > 1000) cache.clear();
    cache.set(key, offsets);
  }
  return offsets;
}

/**
 * A person's working hours for `off_hours` over [from, to): their zone (or the
 * configuration's) with each daylight-saving change in the span, so an hour of summer work is
 * not read as an hour after work in winter; and their declared hours (or the defaults).
 */
export function workingHoursOf(
  person: {
    timezone: string | null;
    workStartHour: number | null;
    workEndHour: number | null;
  },
  config: Configuration,
  from: number,
  to: number,
): WorkingHours {
  const zone =
    person.timezone && isValidTimeZone(person.timezone) ? person.timezone : config.defaultTimezone;
  return {
    offsets: isValidTimeZone(zone) ? cachedOffsets(zone, from, to) : [{ until: null, offsetMs: 0 }],
    startHour: person.workStartHour ?? config.defaultWorkStartHour,
    endHour: person.workEndHour ?? config.defaultWorkEndHour,
  };
}
