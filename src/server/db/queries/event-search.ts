import type { Kysely } from 'kysely';

import type { Database } from '../schema';
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
