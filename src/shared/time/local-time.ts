import { isValidTimeZone, zoneOffsetMs } from './zones';

/**
 * A person's own clock, the one place it is computed: their time zone (or the configured
 * default), their working hours (or the defaults), the zone's UTC offsets over a span with
 * each daylight-saving change, and where an instant falls on that clock (local day, weekday,
 * hour, off hours). The working hours finding, the rollups, the timeline's hour and day
 * filters, the app accesses, the detection rules' `off_hours` and the risk score all read it.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const HALF_HOUR_MS = 1_800_000;
/** Offsets are sampled this often, and each change narrowed down to its minute. */
const STEP_MS = 6 * HOUR_MS;

/** From `from` (epoch ms) on, until the next interval, local time is UTC plus `offsetMs`. */
export interface OffsetInterval {
  from: number;
  offsetMs: number;
}

/** Working hours on a person's clock: from `startHour` up to (not including) `endHour`, weekdays. */
export interface WorkingHours {
  startHour: number;
  endHour: number;
}

/** A person's clock over a span: their zone, its offsets there, and their working hours. */
export interface LocalClock extends WorkingHours {
  timezone: string;
  offsets: OffsetInterval[];
}

/** What a person's clock is read from: their own zone and hours, where recorded. */
export interface ClockOwner {
  timezone: string | null;
  workStartHour: number | null;
  workEndHour: number | null;
}

/** The configuration's zone and hours for people who have none of their own. */
export interface ClockDefaults {
  defaultTimezone: string;
  defaultWorkStartHour: number;
  defaultWorkEndHour: number;
}

/** A person's zone: their own when it is a zone this runtime knows, else the default. */
export function zoneOf(person: Pick<ClockOwner, 'timezone'>, defaults: ClockDefaults): string {
  return person.timezone && isValidTimeZone(person.timezone)
    ? person.timezone
    : defaults.defaultTimezone;
}

/** A person's working hours: their declared ones, else the defaults. */
export function hoursOf(person: ClockOwner, defaults: ClockDefaults): WorkingHours {
  return {
    startHour: person.workStartHour ?? defaults.defaultWorkStartHour,
    endHour: person.workEndHour ?? defaults.defaultWorkEndHour,
  };
}

/** Offsets are looked up a chunk of this many samples at a time, and each chunk remembered. */
const CHUNK_MS = 120 * STEP_MS;

/** The zone's changes in (chunk start, chunk end], found by sampling and narrowing down. */
function changesInChunk(timeZone: string, chunkStart: number): OffsetInterval[] {
  const out: OffsetInterval[] = [];
  let previous = zoneOffsetMs(timeZone, chunkStart);
  for (let t = chunkStart + STEP_MS; t <= chunkStart + CHUNK_MS; t += STEP_MS) {
    const offset = zoneOffsetMs(timeZone, t);
    if (offset === previous) continue;
    let low = t - STEP_MS;
    let high = t;
    while (high - low > 1_000) {
      const mid = Math.floor((low + high) / 2);
      if (zoneOffsetMs(timeZone, mid) === previous) low = mid;
      else high = mid;
    }
    // Zones change on whole minutes.
    out.push({ from: Math.round(high / 60_000) * 60_000, offsetMs: offset });
    previous = offset;
  }
  return out;
}

const chunks = new Map<string, OffsetInterval[]>();

/** The zone's changes in the chunk beginning at `chunkStart` (remembered: zones are few). */
function chunkChanges(timeZone: string, chunkStart: number): OffsetInterval[] {
  const key = `${timeZone}:${chunkStart}`;
  let changes = chunks.get(key);
  if (!changes) {
    changes = changesInChunk(timeZone, chunkStart);
    if (chunks.size > 10_000) chunks.clear();
    chunks.set(key, changes);
  }
  return changes;
}

/**
 * The UTC offsets of a zone over [start, end), as the few intervals between its DST changes,
 * so SQL can turn event times into local times with one CASE expression. Offsets are sampled
 * every six hours and each change is narrowed down to the second, then to its minute; the
 * changes are found per 30-day chunk of time from the epoch and remembered, since detection
 * and scoring ask for the same few zones over nearly the same spans for every person (finding
 * them again each time was most of detection's CPU). A zone this runtime does not know reads
 * as UTC.
 */
export function offsetIntervals(timeZone: string, start: number, end: number): OffsetInterval[] {
  if (!isValidTimeZone(timeZone)) return [{ from: Number.NEGATIVE_INFINITY, offsetMs: 0 }];
  const out: OffsetInterval[] = [
    { from: Number.NEGATIVE_INFINITY, offsetMs: zoneOffsetMs(timeZone, start) },
  ];
  for (let chunk = Math.floor(start / CHUNK_MS) * CHUNK_MS; chunk < end; chunk += CHUNK_MS) {
    for (const change of chunkChanges(timeZone, chunk)) {
      if (change.from > start && change.from <= end) out.push(change);
    }
  }
  return out;
}

const clocks = new Map<string, OffsetInterval[]>();

/**
 * A person's clock over [start, end): their zone's offsets over the whole days around the
 * span (remembered: people share zones, and detection reads a thousand of them) and hours.
 */
export function localClock(
  person: ClockOwner,
  defaults: ClockDefaults,
  span: { start: number; end: number },
): LocalClock {
  const timezone = zoneOf(person, defaults);
  const start = Math.floor(span.start / DAY_MS) * DAY_MS - DAY_MS;
  const end = Math.ceil(span.end / DAY_MS) * DAY_MS + DAY_MS;
  const key = `${timezone}:${start}:${end}`;
  let offsets = clocks.get(key);
  if (!offsets) {
    offsets = offsetIntervals(timezone, start, end);
    if (clocks.size > 1000) clocks.clear();
    clocks.set(key, offsets);
  }
  return { timezone, offsets, ...hoursOf(person, defaults) };
}

/** The offset an interval list gives at an instant. */
export function offsetAt(intervals: readonly OffsetInterval[], at: number): number {
  let offset = intervals[0]?.offsetMs ?? 0;
  for (const interval of intervals) {
    if (interval.from <= at) offset = interval.offsetMs;
    else break;
  }
  return offset;
}

/**
 * Where an instant falls on a person's clock: local day number (days since 1970-01-01 there),
 * weekday (0 Monday) and hour.
 */
export function localParts(
  at: number,
  offsets: readonly OffsetInterval[],
): { day: number; weekday: number; hour: number } {
  const t = at + offsetAt(offsets, at);
  const day = Math.floor(t / DAY_MS);
  return {
    day,
    weekday: (((day + 4) % 7) + 6) % 7,
    hour: Math.floor((((t % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS),
  };
}

/** Whether a local weekday (0 Monday) and hour fall outside working hours (weekends do). */
export function isOffHours(weekday: number, hour: number, hours: WorkingHours): boolean {
  if (weekday >= 5) return true;
  return hours.startHour < hours.endHour
    ? hour < hours.startHour || hour >= hours.endHour
    : hour < hours.startHour && hour >= hours.endHour;
}

/** Whether an instant falls outside a person's working hours on their clock. */
export function isOffHoursAt(
  at: number,
  clock: WorkingHours & { offsets: readonly OffsetInterval[] },
): boolean {
  const { weekday, hour } = localParts(at, clock.offsets);
  return isOffHours(weekday, hour, clock);
}

/** The local day number of a `YYYY-MM-DD` date (the day numbering of localParts). */
export function localDayOf(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** The first UTC half hour that counts in local day `day` or later. */
function firstHalfHourOf(day: number, offsets: readonly OffsetInterval[]): number {
  const midnight = day * DAY_MS;
  let bucket = Math.floor((midnight - offsetAt(offsets, midnight)) / HALF_HOUR_MS) * HALF_HOUR_MS;
  while (localParts(bucket - HALF_HOUR_MS, offsets).day >= day) bucket -= HALF_HOUR_MS;
  while (localParts(bucket, offsets).day < day) bucket += HALF_HOUR_MS;
  return bucket;
}

/**
 * The instants [from, to) whose events count in one local day, cut to a window: each UTC
 * half hour (the rollups' grain) counts in the day its start falls on, so a drill-down over
 * this range lists exactly the events a day's figure counted, daylight-saving days (23 or 25
 * hours) included.
 */
export function localDaySpan(
  day: number,
  offsets: readonly OffsetInterval[],
  window: { start: number; end: number },
): { from: number; to: number } {
  return {
    from: Math.max(window.start, firstHalfHourOf(day, offsets)),
    to: Math.min(window.end, firstHalfHourOf(day + 1, offsets)),
  };
}
