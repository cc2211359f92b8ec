import { offsetAt } from './rollups/zone-intervals';
import type { OffsetInterval } from './rollups/zone-intervals';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const HALF_HOUR_MS = 1_800_000;

/** Where a UTC half hour falls on the subject's clock: local day number, weekday (0 Monday) and hour. */
export function localBucket(
  bucket: number,
  offsets: readonly OffsetInterval[],
): { day: number; weekday: number; hour: number } {
  const t = bucket + offsetAt(offsets, bucket);
  const day = Math.floor(t / DAY_MS);
  return {
    day,
    weekday: (((day + 4) % 7) + 6) % 7,
    hour: Math.floor((((t % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS),
  };
}

/** The first UTC half hour that counts in local day `day` or later. */
function firstBucketOf(day: number, offsets: readonly OffsetInterval[]): number {
  const midnight = day * DAY_MS;
  let bucket = Math.floor((midnight - offsetAt(offsets, midnight)) / HALF_HOUR_MS) * HALF_HOUR_MS;
  while (localBucket(bucket - HALF_HOUR_MS, offsets).day >= day) bucket -= HALF_HOUR_MS;
  while (localBucket(bucket, offsets).day < day) bucket += HALF_HOUR_MS;
  return bucket;
}

/**
 * The instants [from, to) whose events count in one local day of the subject, cut to a
 * window: the same rule the working-hours figures count by (each half hour in the day its
 * start falls on), so a drill-down over this range lists exactly the events a day's figure
 * counted, daylight-saving days (23 or 25 hours) included.
 */
export function localDaySpan(
  day: number,
  offsets: readonly OffsetInterval[],
  window: { start: number; end: number },
): { from: number; to: number } {
  return {
    from: Math.max(window.start, firstBucketOf(day, offsets)),
    to: Math.min(window.end, firstBucketOf(day + 1, offsets)),
  };
}
