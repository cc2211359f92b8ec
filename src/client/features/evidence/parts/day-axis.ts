import type { LayoutAxis } from 'plotly.js';

const DAY_MS = 86_400_000;
const SHORT_SPAN_DAYS = 7;

/**
 * The width of a bar standing for one day. Plotly sizes bars from the gap between points, so a
 * lone day would otherwise get a sliver one millisecond wide.
 */
export const DAY_BAR_WIDTH = DAY_MS * 0.8;

/**
 * The x-axis of a per-day chart (`YYYY-MM-DD` dates). The range always has half a day to spare
 * at each end, since Plotly's autorange ignores a bar's explicit width and cuts the first and
 * last bars in half. A span shorter than a week is widened to one, centred, and ticked by whole
 * days: Plotly would otherwise zoom one or two days down to milliseconds ("23:59:59.9996"), and
 * a lone day would be a slab half the chart wide.
 */
export function dayAxis(dates: readonly string[]): Partial<LayoutAxis> {
  const days = dates.map((date) => Date.parse(`${date}T00:00:00Z`));
  if (days.length === 0 || days.some(Number.isNaN)) return { type: 'date' };
  const first = Math.min(...days);
  const last = Math.max(...days);
  const span = last - first;
  if (span >= SHORT_SPAN_DAYS * DAY_MS)
    return { type: 'date', range: [isoTime(first - DAY_MS / 2), isoTime(last + DAY_MS / 2)] };
  const pad = Math.max(DAY_MS / 2, (SHORT_SPAN_DAYS * DAY_MS - span) / 2);
  return {
    type: 'date',
    range: [isoTime(first - pad), isoTime(last + pad)],
    dtick: DAY_MS,
    tickformat: '%b %-d',
  };
}

/** A moment as Plotly reads a date-axis bound: ISO, without the zone (the axis is in UTC). */
const isoTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
