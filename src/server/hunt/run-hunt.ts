import type { Kysely } from 'kysely';

import type { HuntFacetField } from '../../shared/schemas/hunt';
import { HUNT_EXACT_TOTAL } from '../../shared/schemas/hunt';
import type { Dialect } from '../db/dialect';
import {
  countHuntEvents,
  huntEventsPage,
  huntFacet,
  huntHistogram,
} from '../db/queries/hunt-events';
import type {
  HuntEventRow,
  HuntPageStart,
  HuntScope,
  HuntSortColumn,
} from '../db/queries/hunt-events';
import { indexPendingEventText, trigramEventCounts } from '../db/queries/event-text-index';
import type { Database } from '../db/schema';
import { invalid } from '../domain-error';
import { compileHuntConditions, huntTrigrams } from './compile-query';
import { withHuntDeadline } from './hunt-deadline';
import { parseHuntQuery } from './parse-query';
import type { HuntNode } from './query-tree';

const DAY_MS = 86_400_000;
/** With no `from`, a hunt looks this far back from `to`. */
export const DEFAULT_HUNT_SPAN_MS = 30 * DAY_MS;

/** What a hunt needs besides its query: the database, and whom `person:` values name. */
export interface HuntDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  peopleNamed: (value: string) => readonly string[];
  now: number;
}

/** The query and time range of a request, read and checked. */
export interface HuntRequest {
  q?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** The time range searched: [from, to), by default the 30 days up to now. */
export function huntRange(request: HuntRequest, now: number): { from: number; to: number } {
  const to = request.to ?? now;
  const from = request.from ?? to - DEFAULT_HUNT_SPAN_MS;
  if (to <= from) throw invalid('The time range is backwards: to must be after from.', 'from');
  return { from, to };
}

/** Parses a request's query (null when empty); throws the 400 sentence when it cannot be read. */
export function huntTree(request: HuntRequest): HuntNode | null {
  return parseHuntQuery(request.q ?? '');
}

async function scopeOf(deps: HuntDeps, request: HuntRequest, tree: HuntNode | null) {
  const range = huntRange(request, deps.now);
  // SQLite asks its trigram index for the rarest of a value's trigrams, by their counts.
  const trigramEvents =
    deps.dialect === 'sqlite' ? await trigramEventCounts(deps.db, huntTrigrams(tree)) : undefined;
  const conditions = compileHuntConditions(tree, {
    dialect: deps.dialect,
    peopleNamed: deps.peopleNamed,
    range,
    ...(trigramEvents ? { trigramEvents } : {}),
  });
  return {
    range,
    conditions,
    /** The statements' scope: the narrowed condition (and the rows it reads), or the plain one. */
    scope: (deadline: HuntScope['deadline'], plain = false): HuntScope => ({
      ...range,
      condition: plain ? conditions.plain : conditions.narrowed,
      deadline,
      events: plain ? null : conditions.events,
    }),
  };
}

/**
 * At most this many events found, a page in time order reads them all through the trigram
 * index and sorts them (as the count just did); more, and it walks back through time
 * (`walkedHuntPage`), reading about (events in the range) × (page size) / (events found) of
 * them: at 10 million events (3.3 million in 30 days) and 5,000 found, 34,000 for a page of
 * 50, as many as sorting what the index finds costs there (its false positives and the events
 * outside the range).
 */
export const HUNT_SORTED_PAGE_MOST = 5_000;

/**
 * A page of a hunt that finds many events, in time order, read slice by slice of the range
 * from its newest end (oldest when ascending): the first slice wide enough to hold twice the
 * page at the rate the count found, each next one twice as wide, until the page is full. Each
 * slice is read with each term's own test; a slice bounds what a statement reads whatever plan
 * the engine takes (PostgreSQL, taking `lower(subject) like '%invoice%'` for 5 events of a
 * million, sorted the whole range rather than walk its time index). The slices are disjoint
 * and in order, so the page is the same as one statement's.
 */
export async function walkedHuntPage(
  db: Kysely<Database>,
  found: HuntScope,
  ascending: boolean,
  start: HuntPageStart,
  limit: number,
  counted: number,
  nextStatement: () => Promise<void> = () => Promise.resolve(),
): Promise<HuntEventRow[]> {
  const rows: HuntEventRow[] = [];
  let width = Math.max(
    60_000,
    Math.ceil(((found.to - found.from) * limit * 2) / Math.max(1, counted)),
  );
  // From the cursor's time on (its own time too: ties are ordered by id).
  const after = start && 'time' in start ? start.time : null;
  let edge = ascending
    ? Math.max(found.from, after ?? found.from)
    : Math.min(found.to, after === null ? found.to : after + 1);
  for (let n = 0; rows.length < limit && (ascending ? edge < found.to : edge > found.from); n++) {
    if (n > 0) await nextStatement();
    const slice = ascending
      ? { from: edge, to: Math.min(found.to, edge + width) }
      : { from: Math.max(found.from, edge - width), to: edge };
    rows.push(
      ...(await huntEventsPage(
        db,
        { ...found, ...slice },
        { column: 'time', ascending },
        start,
        limit - rows.length,
      )),
    );
    edge = ascending ? slice.to : slice.from;
    width *= 2;
  }
  return rows;
}

interface Cursor {
  t?: number;
  i?: number;
  o?: number;
}

function readCursor(cursor: string | undefined): HuntPageStart {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
    if (Number.isSafeInteger(parsed.o) && parsed.o! >= 0) return { offset: parsed.o! };
    if (Number.isSafeInteger(parsed.t) && Number.isSafeInteger(parsed.i)) {
      return { time: parsed.t!, id: parsed.i! };
    }
  } catch {
    // Falls through to the sentence.
  }
  throw invalid('The cursor is not one this hunt gave: start again from the first page.', 'cursor');
}

const writeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/** A page of a hunt, with the exact total up to HUNT_EXACT_TOTAL. */
export interface HuntPage {
  total: number;
  totalIsLowerBound: boolean;
  rows: HuntEventRow[];
  next: string | null;
  range: { from: number; to: number };
}

/**
 * GET /hunt/events: the events of everyone in the range that the query finds, a page at a
 * time, newest first by default, with how many there are. All statements share the 10 s
 * deadline.
 */
export async function runHunt(
  deps: HuntDeps,
  request: HuntRequest & { cursor?: string | undefined; limit: number; sort: string },
  tree: HuntNode | null,
): Promise<HuntPage> {
  const { range, conditions, scope } = await scopeOf(deps, request, tree);
  const descending = request.sort.startsWith('-');
  const column = request.sort.replace(/^-/, '') as HuntSortColumn | 'time';
  const start = readCursor(request.cursor);
  await indexPendingEventText(deps.db, deps.dialect);
  return withHuntDeadline(deps.db, deps.dialect, async (db, deadline, nextStatement) => {
    // The count first: how many the hunt finds decides how the page finds them (below).
    const counted = await countHuntEvents(db, scope(deadline), HUNT_EXACT_TOTAL + 1);
    await nextStatement();
    // Neither planner can tell how many events the trigram index's letters stand for. Few
    // found: the page sorts what the index finds; many: it walks the time index with each
    // term's own test, and fills the page within the newest few thousand events.
    const byTextIndex = column === 'time' && conditions.byTextIndex;
    const rows =
      byTextIndex && counted > HUNT_SORTED_PAGE_MOST
        ? await walkedHuntPage(
            db,
            scope(deadline, true),
            !descending,
            start,
            request.limit + 1,
            counted,
            nextStatement,
          )
        : await huntEventsPage(
            db,
            scope(deadline),
            { column, ascending: !descending },
            start,
            request.limit + 1,
            byTextIndex ? 'sorted' : 'planner',
          );
    const page = rows.slice(0, request.limit);
    const last = page[page.length - 1];
    let next: string | null = null;
    if (rows.length > request.limit && last) {
      next =
        column === 'time'
          ? writeCursor({ t: last.time, i: last.id })
          : writeCursor({ o: (start && 'offset' in start ? start.offset : 0) + page.length });
    }
    return {
      total: Math.min(counted, HUNT_EXACT_TOTAL),
      totalIsLowerBound: counted > HUNT_EXACT_TOTAL,
      rows: page,
      next,
      range,
    };
  });
}

/** GET /hunt/facets: the busiest values of a field among what the hunt finds. */
export async function runHuntFacet(
  deps: HuntDeps,
  request: HuntRequest,
  tree: HuntNode | null,
  field: HuntFacetField,
) {
  const { scope } = await scopeOf(deps, request, tree);
  await indexPendingEventText(deps.db, deps.dialect);
  return withHuntDeadline(deps.db, deps.dialect, (db, deadline) =>
    huntFacet(db, scope(deadline), field, 20),
  );
}

/** Bucket sizes of the histogram, the first that gives at most MAX_BUCKETS bars. */
const BUCKETS_MS = [
  60_000,
  300_000,
  900_000,
  3_600_000,
  3 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  DAY_MS,
  7 * DAY_MS,
  30 * DAY_MS,
];
const MAX_BUCKETS = 120;

/** GET /hunt/histogram: what the hunt finds per bucket of time. */
export async function runHuntHistogram(
  deps: HuntDeps,
  request: HuntRequest,
  tree: HuntNode | null,
) {
  const { range, scope } = await scopeOf(deps, request, tree);
  const span = range.to - range.from;
  const bucketMs =
    BUCKETS_MS.find((b) => span / b <= MAX_BUCKETS) ?? BUCKETS_MS[BUCKETS_MS.length - 1]!;
  await indexPendingEventText(deps.db, deps.dialect);
  const buckets = await withHuntDeadline(deps.db, deps.dialect, (db, deadline) =>
    huntHistogram(db, scope(deadline), bucketMs),
  );
  return { bucketMs, range, buckets };
}
