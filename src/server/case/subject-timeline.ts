import { eventSources } from '../../shared/events';
import type { Facet, TimelineQuery, TimelineReply } from '../../shared/schemas/subject-timeline';
import { decodeCursor, encodeCursor } from '../analysis/findings/event-cursor';
import { resolveLabel } from '../analysis/findings/file-labels';
import type { FindingContext } from '../analysis/findings/finding-context';
import { presentEvent } from '../analysis/findings/present-event';
import { dailyGroups } from '../db/queries/findings/daily-groups';
import type { DailyFilter } from '../db/queries/findings/daily-groups';
import { countEvents, listEvents } from '../db/queries/findings/event-rows';
import type { EventFilter } from '../db/queries/findings/event-rows';
import { rangeGroups, sourceCounts } from '../db/queries/findings/timeline-counts';
import type { RangeGroup } from '../db/queries/findings/timeline-counts';
import type { FindingsWindow } from '../db/queries/findings/window-facts';
import { invalid } from '../domain-error';

/**
 * Events of a range read one by one (to count a source, an app, an outcome or unlabelled files,
 * which the daily rollup does not keep) only when the range holds at most this many: about
 * 50 ms on SQLite. Beyond, the total is null and the sources are listed without counts.
 */
const READ_LIMIT = 10_000;

/** The label filter of `?label`: none with All Files among them, '' for Unlabeled, else the configured labels. */
function labelsOf(ctx: FindingContext, labels: readonly string[] | undefined) {
  if (!labels?.length) return undefined;
  const chosen = labels.map((label) => resolveLabel(ctx, label).filter);
  if (chosen.includes(null)) return undefined;
  return chosen.filter((label): label is string => label !== null);
}

/** The number of events the filter matches: from the daily rollup when it can say, else counted. */
async function totalOf(
  ctx: FindingContext,
  range: FindingsWindow,
  filter: EventFilter,
  groups: readonly RangeGroup[],
): Promise<number | null> {
  const byRollup =
    !filter.sources && !filter.q && !filter.app && !filter.outcome && !filter.labels?.includes('');
  if (byRollup && filter.destinations) {
    const daily: DailyFilter = {
      destinations: filter.destinations,
      ...(filter.categories ? { categories: filter.categories } : {}),
      ...(filter.activities ? { activities: filter.activities } : {}),
      ...(filter.labels ? { labels: filter.labels } : {}),
    };
    const matched = await dailyGroups(ctx.db, ctx.build, range, [], daily);
    return matched.reduce((sum, g) => sum + g.n, 0);
  }
  if (byRollup) {
    const keeps = (list: readonly string[] | undefined, value: string | undefined) =>
      !list || list.includes(value ?? '');
    return groups
      .filter(
        (g) =>
          keeps(filter.categories, g.category) &&
          keeps(filter.activities, g.activity) &&
          keeps(filter.labels, g.label),
      )
      .reduce((sum, g) => sum + g.n, 0);
  }
  const inRange = groups.reduce((sum, g) => sum + g.n, 0);
  if (filter.q || inRange > READ_LIMIT) return null;
  return countEvents(ctx.db, filter, READ_LIMIT + 1);
}

/** What each filter can be set to over the range, busiest first. */
async function facetsOf(ctx: FindingContext, range: FindingsWindow, groups: readonly RangeGroup[]) {
  const inRange = groups.reduce((sum, g) => sum + g.n, 0);
  const sources =
    inRange <= READ_LIMIT
      ? await sourceCounts(ctx.db, ctx.subject.id, range.start, range.end)
      : eventSources.map((value) => ({ value, count: null }));
  const activities = new Map<string, number>();
  const labels = new Map<string, number>();
  for (const g of groups) {
    activities.set(g.activity, (activities.get(g.activity) ?? 0) + g.n);
    // A file event without a label is Unlabeled; other events without one carry no label at all.
    if (!g.label && g.category !== 'file') continue;
    const name = g.label || 'Unlabeled';
    labels.set(name, (labels.get(name) ?? 0) + g.n);
  }
  const busiest = (a: Facet, b: Facet) =>
    (b.count ?? 0) - (a.count ?? 0) || a.value.localeCompare(b.value);
  const facets = (counts: Map<string, number>) =>
    [...counts].map(([value, count]) => ({ value, count })).sort(busiest);
  return { sources: sources.sort(busiest), activities: facets(activities), labels: facets(labels) };
}

/**
 * GET /investigations/{id}/timeline/events: every event of the subject in the case's window
 * (narrowed by from and to), across sources, in time order and cursor-paged, filtered by
 * source, category, activity, label, app and text. The events are listed by the same query as
 * the evidence drill-downs (listEvents), so a figure and its timeline cannot disagree.
 */
export async function subjectTimeline(
  ctx: FindingContext,
  query: TimelineQuery,
): Promise<TimelineReply> {
  if (query.from !== undefined && query.to !== undefined && query.to <= query.from) {
    throw invalid('The time range is backwards: to must be after from.');
  }
  const range = {
    start: Math.max(ctx.window.start, query.from ?? 0),
    end: Math.max(
      Math.max(ctx.window.start, query.from ?? 0),
      Math.min(ctx.window.end, query.to ?? Number.MAX_SAFE_INTEGER),
    ),
  };
  const labels = labelsOf(ctx, query.label);
  const filter: EventFilter = {
    dialect: ctx.dialect,
    employeeId: ctx.subject.id,
    from: range.start,
    to: range.end,
    ...(query.category ? { categories: [query.category] } : {}),
    ...(query.activity ? { activities: query.activity } : {}),
    ...(query.source ? { sources: query.source } : {}),
    ...(query.destination ? { destinations: query.destination } : {}),
    ...(query.outcome ? { outcome: query.outcome } : {}),
    ...(labels ? { labels } : {}),
    ...(query.app ? { app: query.app } : {}),
    ...(query.q ? { q: query.q } : {}),
    desc: query.sort === '-time',
    limit: query.limit + 1,
  };
  const after = decodeCursor(query.cursor);
  const first = !query.cursor;
  const groups = first ? await rangeGroups(ctx.db, ctx.build, range) : [];
  const [rows, total, facets] = await Promise.all([
    listEvents(ctx.db, after ? { ...filter, after } : filter),
    first ? totalOf(ctx, range, filter, groups) : null,
    first ? facetsOf(ctx, range, groups) : null,
  ]);
  const page = rows.slice(0, query.limit);
  return {
    rows: page.map(presentEvent),
    nextCursor:
      rows.length > query.limit && page.length ? encodeCursor(page[page.length - 1]!) : null,
    total,
    range,
    facets,
  };
}
