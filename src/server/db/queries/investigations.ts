import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';

import { containsInsensitive } from '../dialect';
import { reusableQuery } from '../reusable-query';
import { personConditions } from './person-match';
import type { PersonSearch } from './person-match';
import type { Database, InvestigationRow, InvestigationUpdate, NewInvestigation } from '../schema';

/** What decides which investigations a caller may see. */
export interface Visibility {
  userId: string;
  seesAll: boolean;
}

type From = Database & { i: Database['investigations'] };

/**
 * The visibility rule: the creator, the assignee, members, and roles allowed to see all.
 * Everyone else gets "not found", so nobody learns that a case about an employee exists.
 */
export function visibleTo(visibility: Visibility) {
  return (eb: ExpressionBuilder<From, 'i'>) =>
    visibility.seesAll
      ? sql<boolean>`1 = 1`
      : eb.or([
          eb('i.created_by', '=', visibility.userId),
          eb('i.assignee_user_id', '=', visibility.userId),
          eb.exists(
            eb
              .selectFrom('investigation_members as m')
              .select('m.user_id')
              .whereRef('m.investigation_id', '=', 'i.id')
              .where('m.user_id', '=', visibility.userId),
          ),
        ]);
}

/** An investigation with the people it refers to, joined for the reply. */
export type InvestigationDetailRow = InvestigationRow & {
  subject_full_name: string;
  subject_email: string;
  subject_department: string | null;
  subject_title: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
  creator_email: string;
  creator_name: string;
  updater_email: string;
  updater_name: string;
  /** Who placed the legal hold, if there is one. */
  holder_email: string | null;
  holder_name: string | null;
};

function detailQuery(db: Kysely<Database>) {
  return db
    .selectFrom('investigations as i')
    .innerJoin('employees as e', 'e.id', 'i.subject_employee_id')
    .innerJoin('users as c', 'c.id', 'i.created_by')
    .innerJoin('users as u', 'u.id', 'i.updated_by')
    .leftJoin('users as a', 'a.id', 'i.assignee_user_id')
    .leftJoin('users as h', 'h.id', 'i.legal_hold_by')
    .selectAll('i')
    .select([
      'e.full_name as subject_full_name',
      'e.email as subject_email',
      'e.department as subject_department',
      'e.title as subject_title',
      'a.email as assignee_email',
      'a.display_name as assignee_name',
      'c.email as creator_email',
      'c.display_name as creator_name',
      'u.email as updater_email',
      'u.display_name as updater_name',
      'h.email as holder_email',
      'h.display_name as holder_name',
    ]);
}

// Compiled once per database: this runs on every request that opens a case.
const visibleToAllQuery = reusableQuery(['id'], (db, p) =>
  detailQuery(db).where('i.id', '=', p.id),
);
const visibleToMemberQuery = reusableQuery(['id', 'userId'], (db, p) =>
  detailQuery(db)
    .where('i.id', '=', p.id)
    .where(visibleTo({ userId: p.userId, seesAll: false })),
);

/** One investigation if the caller may see it. */
export async function findVisibleInvestigation(
  db: Kysely<Database>,
  id: string,
  visibility: Visibility,
): Promise<InvestigationDetailRow | undefined> {
  const rows = visibility.seesAll
    ? await visibleToAllQuery(db, { id })
    : await visibleToMemberQuery(db, { id, userId: visibility.userId });
  return rows[0];
}

/** Whether an investigation exists at all, whoever may see it (to tell a hidden case from none). */
export async function investigationExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('investigations')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

const membersOfOneQuery = reusableQuery(['id'], (db, p) =>
  db
    .selectFrom('investigation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.investigation_id', 'u.id', 'u.email', 'u.display_name'])
    .where('m.investigation_id', '=', p.id)
    .orderBy('u.display_name'),
);

export interface InvestigationFilter {
  status?: string | undefined;
  risk?: string | undefined;
  type?: string | undefined;
  assignee?: string | undefined;
  subject?: string | undefined;
  q?: string | undefined;
  /** How `q` may match the subject (by name only for those who may reveal identities). */
  person: PersonSearch;
  sort: { column: 'updated_at' | 'created_at' | 'risk_score' | 'title' | 'status'; desc: boolean };
  limit: number;
  offset: number;
}

function applyFilter<O>(
  query: SelectQueryBuilder<From & { e: Database['employees'] }, 'i' | 'e', O>,
  filter: InvestigationFilter,
) {
  let q = query;
  if (filter.status) q = q.where('i.status', '=', filter.status);
  if (filter.risk) q = q.where('i.risk_level', '=', filter.risk);
  if (filter.type) q = q.where('i.type', '=', filter.type);
  if (filter.assignee === 'none') q = q.where('i.assignee_user_id', 'is', null);
  else if (filter.assignee) q = q.where('i.assignee_user_id', '=', filter.assignee);
  if (filter.subject) q = q.where('i.subject_employee_id', '=', filter.subject);
  if (filter.q) {
    const text = filter.q;
    q = q.where((eb) =>
      eb.or([
        containsInsensitive('i.title', text),
        containsInsensitive('i.description', text),
        containsInsensitive('i.id', text),
        ...personConditions(
          eb,
          { id: 'e.id', name: 'e.full_name', email: 'e.email' },
          text,
          filter.person,
        ),
      ]),
    );
  }
  return q;
}

/** A page of the investigations the caller may see, with the total. */
export async function listVisibleInvestigations(
  db: Kysely<Database>,
  visibility: Visibility,
  filter: InvestigationFilter,
): Promise<{ rows: InvestigationDetailRow[]; total: number }> {
  const rowsQuery = applyFilter(detailQuery(db).where(visibleTo(visibility)), filter)
    .orderBy(`i.${filter.sort.column}`, filter.sort.desc ? 'desc' : 'asc')
    .orderBy('i.id')
    .limit(filter.limit)
    .offset(filter.offset);
  const countQuery = applyFilter(
    db
      .selectFrom('investigations as i')
      .innerJoin('employees as e', 'e.id', 'i.subject_employee_id')
      .where(visibleTo(visibility))
      .select((eb) => eb.fn.countAll<number>().as('n')),
    filter,
  );
  const [rows, count] = await Promise.all([
    rowsQuery.execute(),
    countQuery.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Members of the given investigations, with their names. */
export function membersOf(db: Kysely<Database>, investigationIds: string[]) {
  if (investigationIds.length === 0) return Promise.resolve([]);
  if (investigationIds.length === 1) return membersOfOneQuery(db, { id: investigationIds[0]! });
  return db
    .selectFrom('investigation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.investigation_id', 'u.id', 'u.email', 'u.display_name'])
    .where('m.investigation_id', 'in', investigationIds)
    .orderBy('u.display_name')
    .execute();
}

export async function insertInvestigation(
  db: Kysely<Database>,
  row: NewInvestigation,
  memberIds: string[],
): Promise<void> {
  await db.insertInto('investigations').values(row).execute();
  await replaceMembers(db, row.id, memberIds, row.created_by, row.created_at);
}

export async function updateInvestigationRow(
  db: Kysely<Database>,
  id: string,
  changes: InvestigationUpdate,
): Promise<void> {
  await db.updateTable('investigations').set(changes).where('id', '=', id).execute();
}

/** Sets the member list; members already present keep when they were added. */
export async function replaceMembers(
  db: Kysely<Database>,
  investigationId: string,
  userIds: string[],
  addedBy: string,
  now: number,
): Promise<void> {
  const unique = [...new Set(userIds)];
  let remove = db
    .deleteFrom('investigation_members')
    .where('investigation_id', '=', investigationId);
  if (unique.length > 0) remove = remove.where('user_id', 'not in', unique);
  await remove.execute();
  if (unique.length === 0) return;
  await db
    .insertInto('investigation_members')
    .values(
      unique.map((userId) => ({
        investigation_id: investigationId,
        user_id: userId,
        added_by: addedBy,
        added_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['investigation_id', 'user_id']).doNothing())
    .execute();
}

/** The most recently updated case about a person that is not closed, if any. */
export async function findOpenCaseAbout(
  db: Kysely<Database>,
  employeeId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('investigations')
    .select('id')
    .where('subject_employee_id', '=', employeeId)
    .where('status', '<>', 'closed')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
