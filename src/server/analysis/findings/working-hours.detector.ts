import type { EndpointReply } from '../../../shared/findings/case-endpoints';
import type { Severity } from '../../../shared/schemas/findings/common';
import { halfhourCounts } from '../../db/queries/findings/daily-groups';
import { dayKey, median, share } from './day-keys';
import { defineDetector } from './define-detector';
import type { FindingContext } from './finding-context';
import { learnHours } from './off-hours';
import { isOffHours, localDaySpan, localParts } from '../../../shared/time/local-time';
import { offHoursOf, offHoursPercent } from '../../../shared/schemas/subject-timeline';
import { workingHoursParts } from './working-hours.report';

type WorkingHoursReply = EndpointReply<'workingHours'>;

interface LocalDay {
  events: number;
  offHours: number;
  firstHour: number;
  lastHour: number;
  weekday: number;
}

/** When the subject works, in their own zone, and when that changed. */
async function detectWorkingHours(ctx: FindingContext): Promise<WorkingHoursReply> {
  const buckets = await halfhourCounts(ctx.db, ctx.build, ctx.window);
  const offsets = ctx.build.clock.offsets;
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const local = buckets.map(({ bucket, n }) => {
    const { day, weekday, hour } = localParts(bucket, offsets);
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
      ...localDaySpan(day, offsets, ctx.window),
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
        from: localDaySpan(monday, offsets, ctx.window).from,
        to: localDaySpan(monday + 6, offsets, ctx.window).to,
      })),
    anomalousDays,
  };
}

/** Below this share of activity off hours nothing stands out (the risk score's own threshold). */
const ORDINARY_OFF_HOURS = 0.2;
/** From this share off hours the figure is high (the risk score's after-hours part is then half full). */
const HIGH_OFF_HOURS = 0.4;
/** A week this far above the subject's usual weekly share is a shift worth a look. */
const WEEK_ABOVE_USUAL = 0.3;
/** Weeks with fewer events than this say nothing about a pattern. */
const WEEK_MIN_EVENTS = 20;

/**
 * How much the off-hours share says: by how far it is above what is ordinary for anyone, and
 * whether some week stands far above the subject's own usual week. Days that break the pattern
 * alone, with an ordinary share, are worth no more than a low.
 */
function offHoursSeverity(hours: WorkingHoursReply): Severity {
  if (hours.totalEvents < 50) return 'none';
  if (hours.offHoursShare >= HIGH_OFF_HOURS) return 'high';
  if (hours.offHoursShare > ORDINARY_OFF_HOURS) return 'medium';
  const weeks = hours.weeks.filter((w) => w.events >= WEEK_MIN_EVENTS).map((w) => w.share);
  const usual = median(weeks);
  if (weeks.some((weekShare) => weekShare >= usual + WEEK_ABOVE_USUAL)) return 'medium';
  return hours.anomalousDays.length >= 3 ? 'low' : 'none';
}

/** Working hours: the share of activity off hours, and the days that break the pattern. */
export const workingHoursDetector = defineDetector('workingHours', detectWorkingHours, {
  ...workingHoursParts,
  figures: ({ workingHours }) => ({
    'off-hours': {
      value: offHoursPercent(workingHours),
      severity: offHoursSeverity(workingHours),
      // The share's events: those outside the hours it was measured against.
      events: { offHours: offHoursOf(workingHours.baseline) },
    },
  }),
  anomalies: ({ workingHours }) => workingHours.anomalousDays.length,
});
