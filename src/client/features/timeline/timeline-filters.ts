import type { TimelineFilter } from '../../api/timeline/subject-timeline';
import { FIGURE_PARAMS, TIMELINE_FILTER_PARAMS } from '../../../shared/timeline-params';
import { describeParam, describeSlot, isSlotParam } from './timeline-filter-words';

/**
 * The subject timeline's view as the URL holds it, so a figure's drill-down and a deep link
 * reproduce it: source, activity and label (each may list several values, comma-separated),
 * category, app, the words searched, a time range (epoch ms, from the figure behind it) and the
 * date the list starts at (`at`, YYYY-MM-DD, UTC).
 */
export interface TimelineView {
  filter: TimelineFilter;
  /** The first instant shown (a jump to a date), or null to start at the range's start. */
  at: number | null;
  /** The `at` parameter as written, for the date box. */
  atText: string;
}

export type FilterParam = (typeof TIMELINE_FILTER_PARAMS)[number];

/** The filters without a field of their own in the filter bar: each shows as a chip that clears it. */
export const CHIP_PARAMS = ['category', 'destination', 'outcome', 'app', ...FIGURE_PARAMS] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` date as the UTC instant it starts at, or null when it is not a real date. */
export function parseDay(text: string): number | null {
  if (!DATE.test(text.trim())) return null;
  const time = Date.parse(`${text.trim()}T00:00:00Z`);
  return Number.isNaN(time) ? null : time;
}

const instant = (value: string | null) =>
  value !== null && /^\d{1,15}$/.test(value) ? Number(value) : undefined;

/** The view of a URL's search parameters; values that cannot be read are left out. */
export function viewFrom(params: URLSearchParams): TimelineView {
  const filter: TimelineFilter = {};
  for (const name of TIMELINE_FILTER_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) filter[name] = value;
  }
  const from = instant(params.get('from'));
  const to = instant(params.get('to'));
  if (from !== undefined) filter.from = from;
  if (to !== undefined) filter.to = to;
  const atText = params.get('at') ?? '';
  return { filter, at: parseDay(atText), atText };
}

/** The search parameters with one changed ('' removes it); the others stay as they are. */
export function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === '') next.delete(name);
  else next.set(name, value);
  return next;
}

/**
 * The filters in force, in words, for the page's subtitle ("okta · usb_write · Mondays
 * 22:00–23:00 (Europe/Berlin) · 2 Oct – 3 Oct"): local hours are said once with the subject's
 * zone (`timeZone`, from the reply).
 */
export function describeFilter(filter: TimelineFilter, timeZone?: string): string[] {
  const parts: string[] = [];
  for (const name of TIMELINE_FILTER_PARAMS) {
    const value = filter[name];
    if (!value || isSlotParam(name)) continue;
    parts.push(name === 'q' ? `“${value}”` : describeParam(name, value));
  }
  const slot = describeSlot(filter);
  if (slot) parts.push(timeZone ? `${slot} (${timeZone})` : slot);
  if (filter.from !== undefined || filter.to !== undefined) {
    const format = (time: number) => new Date(time).toISOString().slice(0, 16).replace('T', ' ');
    parts.push(
      `${filter.from !== undefined ? format(filter.from) : 'start'} – ${filter.to !== undefined ? format(filter.to) : 'end'} UTC`,
    );
  }
  return parts;
}
