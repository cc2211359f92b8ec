import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** One read of a person's data, as person_views counts it (per user, person, case, kind, day). */
export interface PersonViewRecord {
  userId: string;
  employeeId: string;
  /** '' for a read outside any case. */
  investigationId: string;
  kind: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  at: number;
}

/** The upsert that counts one read: a new row, or views + 1 and a later last_at. */
export function personViewInsert(db: Kysely<Database>, view: PersonViewRecord) {
  return db
    .insertInto('person_views')
    .values({
      user_id: view.userId,
      employee_id: view.employeeId,
      investigation_id: view.investigationId,
      kind: view.kind,
      day: view.day,
      views: 1,
      first_at: view.at,
      last_at: view.at,
    })
    .onConflict((oc) =>
      oc
        .columns(['employee_id', 'user_id', 'investigation_id', 'kind', 'day'])
        .doUpdateSet((eb) => ({
          views: eb('person_views.views', '+', 1),
          last_at: eb.ref('excluded.last_at'),
        })),
    );
}

/** A time range over reads: rows whose reads overlap [from, to). */
export interface ViewRange {
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Who read one person's data, per user, kind and case (days summed), with the user's email
 * and name as they are now. The caller folds the cases of one user and kind together.
 */
export function listPersonViews(db: Kysely<Database>, employeeId: string, range: ViewRange) {
  let query = db
    .selectFrom('person_views as v')
    .leftJoin('users as u', 'u.id', 'v.user_id')
    .select((eb) => [
      'v.user_id',
      'u.email',
      'u.display_name',
      'v.kind',
      'v.investigation_id',
      eb.fn.sum<number | string>('v.views').as('views'),
      eb.fn.min<number | string>('v.first_at').as('first_at'),
      eb.fn.max<number | string>('v.last_at').as('last_at'),
    ])
    .where('v.employee_id', '=', employeeId);
  if (range.from !== undefined) query = query.where('v.last_at', '>=', range.from);
  if (range.to !== undefined) query = query.where('v.first_at', '<', range.to);
  return query
    .groupBy(['v.user_id', 'u.email', 'u.display_name', 'v.kind', 'v.investigation_id'])
    .execute();
}

/** The people whose data was read, most viewed first, with their directory entry. */
export function listViewedPeople(db: Kysely<Database>, range: ViewRange, limit: number) {
  let query = db
    .selectFrom('person_views as v')
    .innerJoin('employees as e', 'e.id', 'v.employee_id')
    .select((eb) => [
      'e.id',
      'e.full_name',
      'e.email',
      'e.department',
      'e.title',
      eb.fn.sum<number | string>('v.views').as('views'),
      eb.fn.count<number | string>('v.user_id').distinct().as('users'),
      eb.fn.max<number | string>('v.last_at').as('last_at'),
    ]);
  if (range.from !== undefined) query = query.where('v.last_at', '>=', range.from);
  if (range.to !== undefined) query = query.where('v.first_at', '<', range.to);
  return query
    .groupBy(['e.id', 'e.full_name', 'e.email', 'e.department', 'e.title'])
    .orderBy('views', 'desc')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}
