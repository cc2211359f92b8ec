import { eventSources } from '../../shared/events';
import type { Facet, TimelineQuery, TimelineReply } from '../../shared/schemas/subject-timeline';
import { decodeCursor, encodeCursor } from '../analysis/findings/event-cursor';
import type { FindingContext } from '../analysis/findings/finding-context';
import { inSlot } from '../analysis/findings/local-slots';
import type { LocalSlot } from '../analysis/findings/local-slots';
import { presentEvent } from '../presenters/event';
import { OUTBOUND_ACTIVITIES } from '../db/queries/findings/files';
import { halfhourCounts } from '../db/queries/findings/daily-groups';
import { countEvents, listEvents } from '../db/queries/findings/event-rows';
import type { EventFilter } from '../db/queries/findings/event-rows';
import { flagCounts } from '../db/queries/findings/flags';
import { rangeGroups, rangeItemGroups, sourceCounts } from '../db/queries/findings/timeline-counts';
import type { RangeGroup } from '../db/queries/findings/timeline-counts';
import type { FindingsWindow } from '../db/queries/findings/window-facts';
import { foldCase } from '../db/fold-case';
import { invalid } from '../domain-error';
import { slotOf, timelineFilter } from './timeline-filter';

/**
 * Events of a range read one by one (to count a source, an app, an outcome, a flag or a
 * contact, which the timeline's rollup reads do not keep) only when the filters leave at most
 * this many to read: about 50 ms on SQLite. Beyond, the total is null and the sources are
 * listed without counts.
 */
const READ_LIMIT = 10_000;

const OUTBOUND: ReadonlySet<string> = new Set(OUTBOUND_ACTIVITIES);

/** Whether a rollup group holds files without a label (Unlabeled), as labelCondition reads ''. */
const unlabelledFiles = (g: RangeGroup) =>
  !g.label && (g.category === 'file' || (OUTBOUND.has(g.activity) && g.destination !== ''));

/** Whether a rollup group's events are file movements of a scope, as figureConditions reads it. */
function inFileScope(scope: NonNullable<EventFilter['files']>, g: RangeGroup): boolean {
  const left = g.destination !== '';
  if (scope === 'staying') return g.category === 'file' && !left;
  if (scope === 'leaving') return (g.category === 'file' || OUTBOUND.has(g.activity)) && left;
  return g.category === 'file' || (OUTBOUND.has(g.activity) && left);
}

/**
 * Whether the events of a rollup group pass the filters the daily rollup keeps the columns of
 * (category, activity, label, destination, the file scope, the process): the same tests as
 * the SQL of listEvents, on the rollup's values.
 */
function rollupKeeps(filter: EventFilter, g: RangeGroup): boolean {
  const keeps = (list: readonly string[] | undefined, value: string) =>
    !list || list.includes(value);
  return (
    keeps(filter.categories, g.category) &&
    keeps(filter.activities, g.activity) &&
    keeps(filter.destinations, g.destination) &&
    (!filter.labels ||
      filter.labels.some((l) => (l === '' ? unlabelledFiles(g) : l === g.label))) &&
    (!filter.files || inFileScope(filter.files, g)) &&
    (!filter.processWords ||
      filter.processWords.some((w) => foldCase(g.item ?? '').includes(foldCase(w))))
  );
}

/** Events of the range in the local hours of `slot`, from the half-hour rollup (exact, cheap). */
async function slotTotal(ctx: FindingContext, range: FindingsWindow, slot: LocalSlot) {
  const buckets = await halfhourCounts(ctx.db, ctx.build, range);
  const offsets = ctx.build.clock.offsets;
  return buckets.reduce((sum, b) => sum + (inSlot(slot, b.bucket, offsets) ? b.n : 0), 0);
}

/**
 * The number of events the filter matches. From the rollups when they can say: the daily
 * rollup for the columns it keeps, the half-hour rollup for local hours alone. Else counted
 * one by one, when what the rollups and the other cheap bounds (contacts, ids, flags) leave is
 * at most READ_LIMIT events; else null.
 */
async function totalOf(
  ctx: FindingContext,
  range: FindingsWindow,
  filter: EventFilter,
  groups: readonly RangeGroup[],
  slot: LocalSlot | null,
): Promise<number | null> {
  if (filter.q) return null;
  const rows = filter.processWords
    ? await rangeItemGroups(ctx.db, ctx.build, range, filter.activities ?? [])
    : groups;
  const inRollup = rows.filter((g) => rollupKeeps(filter, g)).reduce((sum, g) => sum + g.n, 0);
  const beyondRollup =
    filter.sources ??
    filter.app ??
    filter.outcome ??
    filter.flag ??
    filter.attachments ??
    filter.contacts ??
    filter.ids;
  const byColumns =
    filter.categories ??
    filter.activities ??
    filter.labels ??
    filter.destinations ??
    filter.files ??
    filter.processWords;
  if (!beyondRollup && !slot) return inRollup;
  if (!beyondRollup && !byColumns && slot) return slotTotal(ctx, range, slot);
  let bound = inRollup;
  if (slot) bound = Math.min(bound, await slotTotal(ctx, range, slot));
  if (filter.ids) bound = Math.min(bound, filter.ids.length);
  if (filter.contacts) bound = Math.min(bound, filter.contacts.counted);
  if (filter.flag) {
    const counts = await flagCounts(ctx.db, ctx.subject.id, range, filter.flag.name);
    const { detail } = filter.flag;
    const flagged = counts.filter((c) => !detail || c.detail === detail);
    bound = Math.min(
      bound,
      flagged.reduce((sum, c) => sum + c.n, 0),
    );
  }
  if (bound > READ_LIMIT) return null;
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
    // Files without a label are Unlabeled; other events without one carry no label at all.
    if (!g.label && !unlabelledFiles(g)) continue;
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
 * source, category, activity, label, app and text, and by what figures count (local hours of
 * the subject's clock, flags, contacts, file movements, event ids). The events are listed by
 * the same query as the evidence drill-downs (listEvents), so a figure and its timeline cannot
 * disagree.
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
  const filter = await timelineFilter(ctx, query, range);
  const slot = slotOf(query);
  const after = decodeCursor(query.cursor);
  const first = !query.cursor;
  const groups = first ? await rangeGroups(ctx.db, ctx.build, range) : [];
  const [rows, total, facets] = await Promise.all([
    listEvents(ctx.db, after ? { ...filter, after } : filter),
    first ? totalOf(ctx, range, filter, groups, slot) : null,
    first ? facetsOf(ctx, range, groups) : null,
  ]);
  const page = rows.slice(0, query.limit);
  return {
    rows: page.map(presentEvent),
    nextCursor:
      rows.length > query.limit && page.length ? encodeCursor(page[page.length - 1]!) : null,
    total,
    range,
    timezone: ctx.timezone,
    facets,
  };
}
