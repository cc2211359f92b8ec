import { zoneOffsetMs } from '../../../../shared/time/zones';

/** From `from` (epoch ms) on, until the next interval, local time is UTC plus `offsetMs`. */
export interface OffsetInterval {
  from: number;
  offsetMs: number;
}

const HOUR = 3_600_000;
const STEP = 6 * HOUR;

/**
 * The UTC offsets of a zone over [start, end), as the few intervals between its DST changes,
 * so SQL can turn event times into local times with one CASE expression. Offsets are sampled
 * every six hours and each change is narrowed down to the second, then to its minute.
 */
export function offsetIntervals(timeZone: string, start: number, end: number): OffsetInterval[] {
  const first = zoneOffsetMs(timeZone, start);
  const out: OffsetInterval[] = [{ from: Number.NEGATIVE_INFINITY, offsetMs: first }];
  let previous = first;
  for (let t = start + STEP; t < end + STEP; t += STEP) {
    const offset = zoneOffsetMs(timeZone, t);
    if (offset === previous) continue;
    let low = t - STEP;
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

/** The offset an interval list gives at an instant. */
export function offsetAt(intervals: readonly OffsetInterval[], at: number): number {
  let offset = intervals[0]?.offsetMs ?? 0;
  for (const interval of intervals) {
    if (interval.from <= at) offset = interval.offsetMs;
    else break;
  }
  return offset;
}
