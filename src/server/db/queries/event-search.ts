import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import { containsPattern } from '../dialect';
import type { Dialect } from '../dialect';
import type { Database } from '../schema';
import { EVENT_FILE_LABEL, EVENT_LIST_COLUMNS } from './event-columns';
import type { EventListRow } from './event-columns';
import { visibleTo } from './investigations';
import type { Visibility } from './investigations';

/** A case an event search walks: its subject, its window, and what labels a hit. */
export interface SearchableCaseRow {
  id: string;
  title: string;
  created_at: number;
  window_start: number;
  window_end: number;
  subject_id: string;
  subject_full_name: string;
  subject_email: string;
  subject_department: string | null;
  subject_title: string | null;
}

/**
 * Every case the caller may see, in the order an event search walks them: newest case first
 * (created_at, which never changes, so a cursor keeps its place while cases are edited), then id.
 */
export async function searchableCases(
  db: Kysely<Database>,
  visibility: Visibility,
): Promise<SearchableCaseRow[]> {
  const rows = await db
    .selectFrom('investigations as i')
    .innerJoin('employees as e', 'e.id', 'i.subject_employee_id')
    .select([
      'i.id',
      'i.title',
      'i.created_at',
      'i.window_start',
      'i.window_end',
      'e.id as subject_id',
      'e.full_name as subject_full_name',
      'e.email as subject_email',
      'e.department as subject_department',
      'e.title as subject_title',
    ])
    .where(visibleTo(visibility))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id')
    .execute();
  // bigint columns arrive as strings from the PostgreSQL driver.
  return rows.map((row) => ({
    ...row,
    created_at: Number(row.created_at),
    window_start: Number(row.window_start),
    window_end: Number(row.window_end),
  }));
}

/** Which of a subject's events to look through, newest first. */
export interface EventTextFilter {
  employeeId: string;
  /** The part of the window to look in: [from, to). */
  from: number;
  to: number;
  /** Only events before this one in newest-first order; id 0 means before `time` itself. */
  before: { time: number; id: number };
  /** The text to find, as typed: folded and matched literally. */
  q: string;
  limit: number;
}

/**
 * SQLite would walk (employee_id, time) and read every row to compute the text; told to use
 * the search index it reads the folded text from the index alone. PostgreSQL picks that index
 * itself (an index-only scan) once it knows the table.
 */
function searchIndex(dialect: Dialect) {
  return dialect === 'sqlite' ? sql`indexed by events_employee_search` : sql``;
}

/**
 * The subject's newest events in [from, to) before `before` whose search_text (migration 0013)
 * holds q. The match runs over the search index (ids only); the page's rows are then read by id.
 */
export async function eventsWithText(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: EventTextFilter,
): Promise<EventListRow[]> {
  const { employeeId, from, to, before, q, limit } = filter;
  const { rows } = await sql<EventListRow>`
    select ${sql.join(EVENT_LIST_COLUMNS.map((c) => sql.ref(c)))}, ${EVENT_FILE_LABEL} as file_label from events
    where time >= ${from} and time < ${to} and id in (
      select id from events ${searchIndex(dialect)}
      where employee_id = ${employeeId} and time >= ${from} and time < ${to}
        and (time < ${before.time} or (time = ${before.time} and id < ${before.id}))
        and search_text like vigil_fold(${containsPattern(q)}) escape '\\'
      order by time desc, id desc
      limit ${limit})
    order by time desc, id desc`.execute(db);
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    time: Number(row.time),
    file_size: row.file_size === null ? null : Number(row.file_size),
  }));
}
