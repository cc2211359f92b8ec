import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';

import { dialectOf } from '../dialect';
import type { Database } from '../schema';
import { EVENT_FILE_LABEL, EVENT_LIST_COLUMNS } from './event-columns';
import type { EventListRow } from './event-columns';

/** A hunt over [from, to): the compiled query and the statement's deadline condition. */
export interface HuntScope {
  from: number;
  to: number;
  /** compileHuntQuery's condition over `events`. */
  condition: RawBuilder<SqlBool>;
  /** withHuntDeadline's condition (SQLite stops the statement by it). */
  deadline: RawBuilder<SqlBool>;
  /** The rows read as `events` when the condition's lookups give them (HuntConditions.events). */
  events?: RawBuilder<unknown> | null;
}

/** A listed event of anyone, with whom it is about. */
export interface HuntEventRow extends EventListRow {
  employee_id: string | null;
}

/** The columns a hunt may sort by besides time: the grid's columns. */
export const HUNT_SORT_COLUMNS = {
  source: 'source',
  category: 'category',
  activity: 'activity',
  outcome: 'outcome',
  app: 'app',
  fileName: 'file_name',
  destination: 'file_destination',
  device: 'device_name',
  person: 'employee_id',
} as const;
export type HuntSortColumn = keyof typeof HUNT_SORT_COLUMNS;

/** Where a page starts: after (time, id) in time order, or at an offset in a column's order. */
export type HuntPageStart = { time: number; id: number } | { offset: number } | null;

/** What a hunt's statement reads as `events`: the table, or the rows its lookups give. */
function eventsOf(scope: HuntScope): RawBuilder<unknown> {
  return scope.events ? sql`${scope.events} as events` : sql`events`;
}

function where(scope: HuntScope): RawBuilder<SqlBool> {
  return sql<SqlBool>`events.time >= ${scope.from} and events.time < ${scope.to} and ${scope.deadline} and ${scope.condition}`;
}

// The one event read model's columns, the label as every screen shows it (fileLabelOf).
const SELECTION = sql.join([
  ...[...EVENT_LIST_COLUMNS, 'employee_id'].map((c) => sql.ref(`events.${c}`)),
  sql`${EVENT_FILE_LABEL} as file_label`,
]);

/**
 * How a page in time order finds its events: as the planner chooses, or `sorted`: every event
 * the condition finds (through its own indexes), then sorted. Sorted is for a hunt known to
 * find few events: walking the time index would read the range's events until the page is
 * full, most of the range when the matches are rare and the planner cannot tell.
 */
export type HuntPagePlan = 'planner' | 'sorted';

/**
 * A page of the events a hunt finds. By time (newest first unless `ascending`) the page
 * starts after the cursor's (time, id), through the time index unless `plan` is `sorted`; by
 * another column it starts at an offset (a column's order has no cursor both engines keep
 * cheaply), ties by time and id.
 */
export async function huntEventsPage(
  db: Kysely<Database>,
  scope: HuntScope,
  order: { column: HuntSortColumn | 'time'; ascending: boolean },
  start: HuntPageStart,
  limit: number,
  plan: HuntPagePlan = 'planner',
): Promise<HuntEventRow[]> {
  const direction = sql.raw(order.ascending ? 'asc' : 'desc');
  let query;
  if (order.column === 'time') {
    // `time + 0` is the same order, but no index's: neither engine may walk the time index.
    const time = plan === 'sorted' ? sql`events.time + 0` : sql`events.time`;
    const after =
      start && 'time' in start
        ? order.ascending
          ? sql`and (events.time > ${start.time} or (events.time = ${start.time} and events.id > ${start.id}))`
          : sql`and (events.time < ${start.time} or (events.time = ${start.time} and events.id < ${start.id}))`
        : sql``;
    query = sql<HuntEventRow>`select ${SELECTION} from ${eventsOf(scope)} where ${where(scope)} ${after}
      order by ${time} ${direction}, events.id ${direction} limit ${limit}`;
  } else {
    const column = sql.ref(`events.${HUNT_SORT_COLUMNS[order.column]}`);
    const offset = start && 'offset' in start ? start.offset : 0;
    // NULLs last either way, as a person reads a sorted column.
    query = sql<HuntEventRow>`select ${SELECTION} from ${eventsOf(scope)} where ${where(scope)}
      order by case when ${column} is null then 1 else 0 end, ${column} ${direction}, events.time desc, events.id desc
      limit ${limit} offset ${offset}`;
  }
  const { rows } = await query.execute(db);
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    time: Number(row.time),
    file_size: row.file_size === null ? null : Number(row.file_size),
  }));
}

/** How many events a hunt finds, counting up to `cap`. */
export async function countHuntEvents(
  db: Kysely<Database>,
  scope: HuntScope,
  cap: number,
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (
      select 1 from ${eventsOf(scope)} where ${where(scope)} limit ${cap}) as found`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The columns a facet counts by. */
export const HUNT_FACET_COLUMNS = {
  person: 'employee_id',
  source: 'source',
  category: 'category',
  activity: 'activity',
  'file.destination': 'file_destination',
  'file.label': 'file_label',
  app: 'app',
} as const;
export type HuntFacetField = keyof typeof HUNT_FACET_COLUMNS;

/** Facet columns whose values are lower case already, each indexed folded on SQLite (0038). */
const FOLDED_FACETS: ReadonlySet<string> = new Set(['category', 'activity', 'file_destination']);

/** The busiest `limit` values of a column among the events a hunt finds, with their counts. */
export async function huntFacet(
  db: Kysely<Database>,
  scope: HuntScope,
  field: HuntFacetField,
  limit: number,
): Promise<Array<{ value: string; count: number }>> {
  const name = HUNT_FACET_COLUMNS[field];
  const ref = sql.ref(`events.${name}`);
  // SQLite: the lower-case columns by their folded value (the same values), which migration
  // 0038's b-tree holds with the time: the counts read that index, not every row of the range.
  const column =
    FOLDED_FACETS.has(name) && dialectOf(db) === 'sqlite' ? sql`vigil_fold(${ref})` : ref;
  const { rows } = await sql<{ value: string; n: number | string }>`
    select ${column} as value, count(*) as n from ${eventsOf(scope)}
    where ${where(scope)} and ${column} is not null
    group by ${column} order by count(*) desc, ${column} limit ${limit}`.execute(db);
  return rows.map((row) => ({ value: String(row.value), count: Number(row.n) }));
}

/** Events a hunt finds per bucket of `bucketMs`, buckets aligned to multiples of it. */
export async function huntHistogram(
  db: Kysely<Database>,
  scope: HuntScope,
  bucketMs: number,
): Promise<Array<{ start: number; count: number }>> {
  const { rows } = await sql<{ bucket: number | string; n: number | string }>`
    select (events.time / ${sql.lit(bucketMs)}) as bucket, count(*) as n from ${eventsOf(scope)}
    where ${where(scope)}
    group by (events.time / ${sql.lit(bucketMs)}) order by 1`.execute(db);
  return rows.map((row) => ({ start: Number(row.bucket) * bucketMs, count: Number(row.n) }));
}

/** One event of anyone by id, with its raw record, or undefined. */
export async function huntEventById(
  db: Kysely<Database>,
  id: number,
): Promise<(HuntEventRow & { raw: unknown }) | undefined> {
  const { rows } = await sql<HuntEventRow & { raw: unknown }>`
    select ${SELECTION}, events.raw from events where events.id = ${id}`.execute(db);
  const row = rows[0];
  return (
    row && {
      ...row,
      id: Number(row.id),
      time: Number(row.time),
      file_size: row.file_size === null ? null : Number(row.file_size),
    }
  );
}
