import type { LayoutAxis } from 'plotly.js';

const DAY_MS = 86_400_000;
const SHORT_SPAN_DAYS = 7;

/**
 * The width of a bar standing for one day. Plotly sizes bars from the gap between points, so a
 * lone day would otherwise get a sliver one millisecond wide.
 */
export const DAY_BAR_WIDTH = DAY_MS * 0.8;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The x-axis of a per-day chart (`YYYY-MM-DD` dates). Plotly zooms a date axis holding one or
 * two days down to milliseconds ("23:59:59.9996"); a short span is therefore padded by a day on
 * each side and ticked by whole days.
 */
export function dayAxis(dates: readonly string[]): Partial<LayoutAxis> {
  const first = dates.length ? Date.parse(`${dates[0]}T00:00:00Z`) : NaN;
  const last = dates.length ? Date.parse(`${dates[dates.length - 1]}T00:00:00Z`) : NaN;
  if (Number.isNaN(first) || Number.isNaN(last) || last - first >= SHORT_SPAN_DAYS * DAY_MS)
    return { type: 'date' };
  return {
    type: 'date',
    range: [isoDay(first - DAY_MS), isoDay(last + DAY_MS)],
    dtick: DAY_MS,
    tickformat: '%b %-d',
  };
}
