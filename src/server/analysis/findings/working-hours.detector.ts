import type { WorkingHoursReply } from '../../../shared/schemas/findings/working-hours';
import { halfhourCounts } from '../../db/queries/findings/daily-groups';
import { dayKey, median, share } from './day-keys';
import type { FindingContext } from './finding-context';
import { offsetAt } from './rollups/zone-intervals';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Share of weekday activity the learned hours must hold. */
const LEARNED_SHARE = 0.8;
/** Below this many weekday events nothing is learned. */
const LEARN_MIN_EVENTS = 50;

interface Hours {
  startHour: number;
  endHour: number;
}

/** Whether a local weekday (0 Monday) and hour fall outside working hours. */
export function isOffHours(weekday: number, hour: number, hours: Hours): boolean {
  if (weekday >= 5) return true;
  return hours.startHour < hours.endHour
    ? hour < hours.startHour || hour >= hours.endHour
    : hour < hours.startHour && hour >= hours.endHour;
}

/** The shortest run of hours holding most weekday activity, or null with too little data. */
export function learnHours(heatmap: readonly (readonly number[])[]): Hours | null {
  const perHour = Array.from({ length: 24 }, (_, h) =>
    heatmap.slice(0, 5).reduce((sum, day) => sum + (day[h] ?? 0), 0),
  );
  const total = perHour.reduce((a, b) => a + b, 0);
  if (total < LEARN_MIN_EVENTS) return null;
  for (let length = 1; length <= 24; length++) {
    let best: Hours | null = null;
    let bestSum = -1;
    for (let start = 0; start + length <= 24; start++) {
      const sum = perHour.slice(start, start + length).reduce((a, b) => a + b, 0);
      if (sum > bestSum) {
        bestSum = sum;
        best = { startHour: start, endHour: start + length };
      }
    }
    if (bestSum >= total * LEARNED_SHARE) return best;
  }
  return { startHour: 0, endHour: 24 };
}

interface LocalDay {
  events: number;
  offHours: number;
  firstHour: number;
  lastHour: number;
  weekday: number;
}

/** GET findings/working-hours: when the subject works, in their own zone, and when that changed. */
export async function detectWorkingHours(ctx: FindingContext): Promise<WorkingHoursReply> {
  const buckets = await halfhourCounts(ctx.db, ctx.build, ctx.window);
  const offsets = ctx.build.clock.offsets;
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const local = buckets.map(({ bucket, n }) => {
    const t = bucket + offsetAt(offsets, bucket);
    const day = Math.floor(t / DAY_MS);
    const weekday = (((day + 4) % 7) + 6) % 7;
    const hour = Math.floor((t % DAY_MS) / HOUR_MS);
    heatmap[weekday]![hour]! += n;
    return { day, weekday, hour, n };
  });
  const declared = ctx.hours.declared
    ? { startHour: ctx.hours.startHour, endHour: ctx.hours.endHour }
    : null;
  const learned = learnHours(heatmap);
  const baseline = declared
    ? { ...declared, source: 'declared' as const }
    : learned
      ? { ...learned, source: 'learned' as const }
      : { startHour: ctx.hours.startHour, endHour: ctx.hours.endHour, source: 'default' as const };

  const days = new Map<number, LocalDay>();
  const weeks = new Map<number, { events: number; offHours: number }>();
  let total = 0;
  let offTotal = 0;
  for (const b of local) {
    const off = isOffHours(b.weekday, b.hour, baseline) ? b.n : 0;
    total += b.n;
    offTotal += off;
    const d = days.get(b.day) ?? {
      events: 0,
      offHours: 0,
      firstHour: b.hour,
      lastHour: b.hour,
      weekday: b.weekday,
    };
    d.events += b.n;
    d.offHours += off;
    d.firstHour = Math.min(d.firstHour, b.hour);
    d.lastHour = Math.max(d.lastHour, b.hour);
    days.set(b.day, d);
    const monday = b.day - b.weekday;
    const w = weeks.get(monday) ?? { events: 0, offHours: 0 };
    w.events += b.n;
    w.offHours += off;
    weeks.set(monday, w);
  }

  const weekdayVolumes = [...days.values()]
    .filter((d) => d.weekday < 5 && d.events >= 5)
    .map((d) => d.events);
  const typicalVolume = median(weekdayVolumes);
  // The quieter quarter of weekdays shows the subject's own habit even when a shift covers half the window.
  const shares = [...days.values()]
    .filter((d) => d.weekday < 5 && d.events >= 5)
    .map((d) => d.offHours / d.events)
    .sort((a, b) => a - b);
  const typicalShare = shares[Math.floor(shares.length / 4)] ?? 0;
  const minEvents = Math.max(5, typicalVolume * 0.25);
  const hoursText = `${baseline.startHour}:00–${baseline.endHour}:00`;
  const anomalousDays = [...days.entries()]
    .filter(
      ([, d]) =>
        d.events >= minEvents && d.offHours / d.events >= Math.max(0.5, typicalShare + 0.3),
    )
    .sort((a, b) => a[0] - b[0])
    .map(([day, d]) => ({
      date: dayKey(day),
      events: d.events,
      offHours: d.offHours,
      share: share(d.offHours, d.events),
      firstHour: d.firstHour,
      lastHour: d.lastHour,
      reason:
        d.weekday >= 5
          ? `Weekend work: ${d.events} events between ${d.firstHour}:00 and ${d.lastHour + 1}:00`
          : `${Math.round((d.offHours / d.events) * 100)}% of ${d.events} events outside ${hoursText}`,
    }));

  return {
    window: ctx.window,
    timezone: ctx.timezone,
    baseline,
    declared,
    learned,
    heatmap,
    totalEvents: total,
    offHoursEvents: offTotal,
    offHoursShare: share(offTotal, total),
    weeks: [...weeks.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([monday, w]) => ({
        weekStart: dayKey(monday),
        events: w.events,
        offHours: w.offHours,
        share: share(w.offHours, w.events),
      })),
    anomalousDays,
  };
}
