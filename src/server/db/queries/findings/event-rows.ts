import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import { containsPattern } from '../../dialect';
import type { Dialect } from '../../dialect';
import { figureConditions, spanCondition } from './figure-conditions';
import type { FigureFilter } from './figure-conditions';
import { OUTBOUND_ACTIVITIES } from './files';
import { activityTime, equalsWithoutIndex } from './sql-parts';
import { EVENT_FILE_LABEL, EVENT_LIST_SELECTION, normalizeEventRow } from '../event-columns';
import type { EventListRow } from '../event-columns';

/** What to list: the subject's events in [from, to) narrowed by these. */
export interface EventFilter extends FigureFilter {
  /** With activities, SQLite is steered to the activity index (see activityTime). */
  dialect?: Dialect;
  employeeId: string;
  from: number;
  to: number;
  categories?: readonly string[];
  activities?: readonly string[];
  app?: string;
  /** Log sources (okta, m365, …). */
  sources?: readonly string[];
  /** Where data went (file_destination: usb, personal_email, …). */
  destinations?: readonly string[];
  outcome?: string;
  /**
   * Sensitivity labels as the findings read them: the event's own, or the one its file carries
   * elsewhere (event_file_labels). '' stands for a file event without either.
   */
  labels?: readonly string[];
  /** Case-insensitive text in names, subjects, mail recipients, messages, targets, repositories and commands. */
  q?: string;
  fileId?: string;
  /** Only events in these spans (sorted, disjoint, within [from, to)): local hours or days. */
  spans?: ReadonlyArray<{ from: number; to: number }>;
  desc: boolean;
  /** Rows after this (time, id), in the sort order. */
  after?: { time: number; id: number };
  limit: number;
}

/** The first time slice a text search scans; each next slice is twice as long. */
const FIRST_SEARCH_SLICE_MS = 6 * 3_600_000;

/**
 * A page of events, sorted by time then id.
 *
 * A text search (`q`) cannot use an index, and neither engine can estimate how many rows it
 * matches: PostgreSQL, expecting a handful, tests every event of the window and sorts the few
 * it finds (half a second for a million events when the text is common). So a search walks the
 * window in slices from the end it starts at, each twice as long as the one before, and stops
 * as soon as the page is full: a common text is found in the first day or two, a rare one
 * costs what one scan of the window costs.
 */
export async function listEvents(
  db: Kysely<Database>,
  filter: EventFilter,
): Promise<EventListRow[]> {
  if (!filter.spans || byActivitySpans(filter)) return searchEvents(db, filter);
  // Span by span in the sort order, each through the time index, until the page is full: as
  // one query with every span OR-ed, a rare hour would cost a scan of the whole range.
  const rows: EventListRow[] = [];
  const after = filter.after;
  const { spans: all, ...rest } = filter;
  const spans = filter.desc ? [...all].reverse() : all;
  for (const span of spans) {
    const from = Math.max(filter.from, span.from);
    const to = Math.min(filter.to, span.to);
    if (from >= to) continue;
    if (after && (filter.desc ? from > after.time : to <= after.time)) continue;
    rows.push(
      ...(await searchEvents(db, { ...rest, from, to, limit: filter.limit - rows.length })),
    );
    if (rows.length >= filter.limit) break;
  }
  return rows;
}

/** listEvents over one stretch of time (no spans). */
async function searchEvents(db: Kysely<Database>, filter: EventFilter): Promise<EventListRow[]> {
  if (!filter.q) return listEventsIn(db, filter);
  const rows: EventListRow[] = [];
  // The part of the window not yet searched: [from, to).
  let from = filter.after && !filter.desc ? Math.max(filter.from, filter.after.time) : filter.from;
  let to = filter.after && filter.desc ? Math.min(filter.to, filter.after.time + 1) : filter.to;
  let span = FIRST_SEARCH_SLICE_MS;
  while (from < to && rows.length < filter.limit) {
    const slice = filter.desc
      ? { from: Math.max(from, to - span), to }
      : { from, to: Math.min(to, from + span) };
    rows.push(
      ...(await listEventsIn(db, { ...filter, ...slice, limit: filter.limit - rows.length })),
    );
    if (filter.desc) to = slice.from;
    else from = slice.to;
    span *= 2;
  }
  return rows;
}

/**
 * One query of listEvents: the first `limit` events of [from, to) that match the filter.
 *
 * With several activities, each activity's events come in time order from the (employee,
 * activity, time) index, and the page is the merge of each one's first `limit`: asked for all of
 * them at once, both engines would read every event of those activities (sixty thousand
 * deletions, say) and sort them to keep five hundred.
 */
async function listEventsIn(db: Kysely<Database>, filter: EventFilter): Promise<EventListRow[]> {
  const direction = filter.desc ? 'desc' : 'asc';
  const activities = filter.activities ?? [];
  if (activities.length < 2) {
    const rows = await pageQuery(db, filter).execute();
    return rows.map(normalizeEventRow);
  }
  const branches = activities.map(
    (activity, i) =>
      sql`select * from ${pageQuery(db, { ...filter, activities: [activity] })} as ${sql.id(`a${i}`)}`,
  );
  const { rows } = await sql<EventListRow>`
    select * from (${sql.join(branches, sql` union all `)}) as merged
    order by time ${sql.raw(direction)}, id ${sql.raw(direction)} limit ${filter.limit}`.execute(
    db,
  );
  return rows.map(normalizeEventRow);
}

/**
 * The subject and time conditions, written so SQLite picks the right index: with activities
 * the (employee, activity, time) index (see activityTime), with ids the events by id (each a
 * probe, where the employee and time index would walk the range).
 */
function indexHints(filter: EventFilter) {
  const { dialect } = filter;
  const byId = Boolean(filter.ids) && dialect !== undefined;
  const byActivity = Boolean(filter.activities?.length) && dialect !== undefined;
  return {
    time: (byId || byActivity) && dialect ? activityTime(dialect) : sql<number>`time`,
    employee:
      byId && dialect
        ? equalsWithoutIndex(dialect, 'employee_id', filter.employeeId)
        : sql<boolean>`employee_id = ${filter.employeeId}`,
  };
}

/** The query of one page: the filter's first `limit` events, in time then id order. */
function pageQuery(db: Kysely<Database>, filter: EventFilter) {
  const { time, employee } = indexHints(filter);
  // The cursor's time narrows the range itself: given as a second bound beside the window's,
  // SQLite keeps one of the two and reads from the window's start up to the cursor.
  const after = filter.after;
  const from = after && !filter.desc ? Math.max(filter.from, after.time) : filter.from;
  const to = after && filter.desc ? Math.min(filter.to, after.time + 1) : filter.to;
  let query = db
    .selectFrom('events')
    .select(EVENT_LIST_SELECTION)
    .where(employee)
    .where(time, '>=', from)
    .where(time, '<', to);
  if (filter.categories?.length) query = query.where('category', 'in', filter.categories);
  if (filter.activities?.length) query = query.where('activity', 'in', filter.activities);
  if (filter.app) query = query.where('app', '=', filter.app);
  if (filter.sources?.length) query = query.where('source', 'in', filter.sources);
  if (filter.destinations?.length)
    query = query.where('file_destination', 'in', filter.destinations);
  if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
  if (filter.labels?.length) query = query.where(labelCondition(filter.labels));
  if (filter.fileId) query = query.where('file_id', '=', filter.fileId);
  if (filter.spans) query = query.where(spanCondition(filter.spans, time));
  const extra = figureConditions(filter);
  if (extra) query = query.where(extra);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    // Recipients as JSON text (portable: text in SQLite, jsonb cast in PostgreSQL), so a mail
    // is found by an address or its domain. Folded like every case-insensitive search.
    const text = sql<string>`vigil_fold(coalesce(file_name, '') || ' ' || coalesce(email_subject, '') || ' ' || coalesce(cast(email_recipients as text), '') || ' ' || coalesce(chat_text, '') || ' ' || coalesce(target, '') || ' ' || coalesce(repository, '') || ' ' || coalesce(command_line, '') || ' ' || coalesce(app, ''))`;
    query = query.where(sql<boolean>`${text} like vigil_fold(${pattern}) escape '\\'`);
  }
  if (after) {
    query = query.where((eb) =>
      filter.desc
        ? eb.or([
            eb('time', '<', after.time),
            eb.and([eb('time', '=', after.time), eb('id', '<', after.id)]),
          ])
        : eb.or([
            eb('time', '>', after.time),
            eb.and([eb('time', '=', after.time), eb('id', '>', after.id)]),
          ]),
    );
  }
  const direction = filter.desc ? 'desc' : 'asc';
  return query.orderBy('time', direction).orderBy('id', direction).limit(filter.limit);
}

/**
 * The event's label is one of `labels`: its own, else the label its file name carries in the
 * subject's other events (as the daily rollup and so the file-access findings count it); ''
 * matches a file without either: a file event, or a mail or chat share that carried a file out
 * (the file-access page counts those under Unlabeled too).
 */
function labelCondition(labels: readonly string[]) {
  const named = labels.filter((l) => l !== '');
  const parts = [];
  if (named.length) parts.push(sql`${EVENT_FILE_LABEL} in (${sql.join(named)})`);
  if (named.length < labels.length)
    parts.push(sql`((category = 'file' or (activity in (${sql.join([...OUTBOUND_ACTIVITIES])})
      and coalesce(file_destination, '') <> '')) and ${EVENT_FILE_LABEL} is null)`);
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/**
 * Whether spans are read in one query over the activities' index (each activity's events of
 * the range in time order, the spans a condition on them) rather than span by span through
 * the time index: SQLite reads the activity index from the range's start (see activityTime),
 * so a query per span would read its start over and over.
 */
function byActivitySpans(filter: EventFilter): boolean {
  return Boolean(filter.activities?.length) && filter.dialect !== undefined;
}

/** Counts the events a filter matches, up to a cap (counting a million rows costs too much). */
export async function countEvents(
  db: Kysely<Database>,
  filter: EventFilter,
  cap: number,
): Promise<number> {
  if (filter.spans && !byActivitySpans(filter)) {
    // Span by span through the time index, as listEvents reads them.
    const { spans, ...rest } = filter;
    let n = 0;
    for (const span of spans) {
      const from = Math.max(filter.from, span.from);
      const to = Math.min(filter.to, span.to);
      if (from < to && n < cap) n += await countEvents(db, { ...rest, from, to }, cap - n);
    }
    return n;
  }
  const { time, employee } = indexHints(filter);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (
      ${db
        .selectFrom('events')
        .select('id')
        .where(employee)
        .where(time, '>=', filter.from)
        .where(time, '<', filter.to)
        .$if(Boolean(filter.categories?.length), (q) =>
          q.where('category', 'in', filter.categories ?? []),
        )
        .$if(Boolean(filter.activities?.length), (q) =>
          q.where('activity', 'in', filter.activities ?? []),
        )
        .$if(Boolean(filter.app), (q) => q.where('app', '=', filter.app ?? ''))
        .$if(Boolean(filter.sources?.length), (q) => q.where('source', 'in', filter.sources ?? []))
        .$if(Boolean(filter.outcome), (q) => q.where('outcome', '=', filter.outcome ?? ''))
        .$if(Boolean(filter.destinations?.length), (q) =>
          q.where('file_destination', 'in', filter.destinations ?? []),
        )
        .$if(Boolean(filter.labels?.length), (q) => q.where(labelCondition(filter.labels ?? [])))
        .$if(Boolean(filter.spans), (q) => q.where(spanCondition(filter.spans ?? [], time)))
        .$if(figureConditions(filter) !== null, (q) => q.where(figureConditions(filter)!))
        .limit(cap)}) c`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Events of the subject by id (in any order), for flags that point at them. */
export async function eventsByIds(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  ids: readonly number[],
): Promise<EventListRow[]> {
  const out: EventListRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    // By id first: SQLite would otherwise walk every event of the subject.
    const rows = await db
      .selectFrom('events')
      .select(EVENT_LIST_SELECTION)
      .where('id', 'in', ids.slice(i, i + 500))
      .where(equalsWithoutIndex(dialect, 'employee_id', employeeId))
      .execute();
    out.push(...rows.map(normalizeEventRow));
  }
  return out;
}

/**
 * One event of the subject with every column (its label as every screen reads it: see
 * fileLabelOf), or undefined.
 */
export async function findSubjectEvent(db: Kysely<Database>, employeeId: string, id: number) {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .select(EVENT_FILE_LABEL.as('shown_label'))
    .where('id', '=', id)
    .where('employee_id', '=', employeeId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { shown_label: label, ...columns } = row;
  return { ...columns, file_label: label };
}
