import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import { startsWith, toJson } from '../dialect';
import type { Dialect } from '../dialect';
import { reusableQuery } from '../reusable-query';
import type { Database } from '../schema';
import { incidentsDb } from './incident-tables';
import type { PersonViewRecord } from './person-views';
import { personViewInsert } from './person-views';

export interface AuditRecord {
  at: number;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
}

const RECORD_KEYS = [
  'at',
  'actorUserId',
  'actorEmail',
  'action',
  'targetType',
  'targetId',
  'details',
  'ip',
  'userAgent',
] as const;

function auditInsert(db: Kysely<Database>, p: Record<(typeof RECORD_KEYS)[number], string>) {
  return db.insertInto('audit_log').values({
    at: p.at as unknown as number,
    actor_user_id: p.actorUserId,
    actor_email: p.actorEmail,
    action: p.action,
    target_type: p.targetType,
    target_id: p.targetId,
    details: p.details,
    ip: p.ip,
    user_agent: p.userAgent,
  });
}

const appendQuery = reusableQuery(RECORD_KEYS, auditInsert);

const VIEW_KEYS = ['viewUserId', 'viewEmployeeId', 'viewInvestigationId', 'viewKind', 'viewDay'];

/**
 * PostgreSQL: the entry and the person view in one statement (a data-modifying CTE), so a read
 * of a person's data costs one round trip as before.
 */
const appendWithViewQuery = reusableQuery([...RECORD_KEYS, ...VIEW_KEYS], (db, p) =>
  db
    .with('person_view', (qb) =>
      personViewInsert(qb as unknown as Kysely<Database>, {
        userId: p.viewUserId!,
        employeeId: p.viewEmployeeId!,
        investigationId: p.viewInvestigationId!,
        kind: p.viewKind!,
        day: p.viewDay!,
        at: p.at as unknown as number,
      }),
    )
    .insertInto('audit_log')
    .values({
      at: p.at as unknown as number,
      actor_user_id: p.actorUserId!,
      actor_email: p.actorEmail!,
      action: p.action!,
      target_type: p.targetType!,
      target_id: p.targetId!,
      details: p.details!,
      ip: p.ip!,
      user_agent: p.userAgent!,
    }),
);

const viewQuery = reusableQuery(
  ['userId', 'employeeId', 'investigationId', 'kind', 'day', 'at'],
  (db, p) =>
    personViewInsert(db, {
      userId: p.userId,
      employeeId: p.employeeId,
      investigationId: p.investigationId,
      kind: p.kind,
      day: p.day,
      at: p.at as unknown as number,
    }),
);

/**
 * Appends one entry (compiled once: every read of subject data writes one). The table refuses
 * updates and deletes. With `view`, the read is also counted in person_views (one upsert): in
 * the same statement on PostgreSQL, right after the entry on SQLite (where a statement is a
 * synchronous call, not a round trip).
 */
export async function appendAudit(
  db: Kysely<Database>,
  record: AuditRecord,
  view: { dialect: Dialect; record: PersonViewRecord } | null = null,
): Promise<void> {
  const values = {
    ...record,
    details: record.details === null ? null : toJson(record.details),
  };
  if (!view) {
    await appendQuery(db, values);
    return;
  }
  const v = view.record;
  if (view.dialect === 'postgres') {
    await appendWithViewQuery(db, {
      ...values,
      viewUserId: v.userId,
      viewEmployeeId: v.employeeId,
      viewInvestigationId: v.investigationId,
      viewKind: v.kind,
      viewDay: v.day,
    });
    return;
  }
  await appendQuery(db, values);
  await viewQuery(db, { ...v });
}

export interface AuditFilter {
  /** A user id or an email (`user` in the query; `actor` is its older name). */
  actor?: string | undefined;
  /** An employee id: entries about them, naming them, or about a case whose subject they are. */
  person?: string | undefined;
  /** An investigation id: entries about the case or one of its incidents, or naming it. */
  investigationId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  before?: number | undefined;
  limit: number;
}

/** A text field of the entry's details: `->>` in PostgreSQL, json_extract in SQLite. */
function detailText(dialect: Dialect, key: string) {
  return dialect === 'postgres'
    ? sql<string | null>`(${sql.ref('audit_log.details')} ->> ${sql.lit(key)})`
    : sql<string | null>`json_extract(${sql.ref('audit_log.details')}, ${sql.lit(`$.${key}`)})`;
}

/** Entry ids, as a select: one branch of an entry's "about" filter. */
function entryIds(db: Kysely<Database>) {
  return db.selectFrom('audit_log').select('audit_log.id');
}

/**
 * The ids of the entries about a person or a case, as a union of selects each read through an
 * index (`audit_log_target` and the detail indexes of migration 0022). One `or` over the same
 * terms made SQLite walk the whole log newest first, a second per million entries for someone
 * rarely named; the cases and incidents are looked up first, so every branch compares with
 * values the indexes can seek.
 */
function entriesAbout(
  db: Kysely<Database>,
  dialect: Dialect,
  about: {
    employeeId?: string;
    caseIds: readonly string[];
    incidentIds: readonly string[];
  },
) {
  const branches = [];
  if (about.employeeId !== undefined) {
    const id = about.employeeId;
    branches.push(
      entryIds(db).where('target_type', '=', 'employee').where('target_id', '=', id),
      entryIds(db).where(detailText(dialect, 'subjectEmployeeId'), '=', id),
      entryIds(db).where(detailText(dialect, 'employeeId'), '=', id),
    );
  }
  if (about.caseIds.length > 0) {
    branches.push(
      entryIds(db)
        .where('target_type', '=', 'investigation')
        .where('target_id', 'in', [...about.caseIds]),
      entryIds(db).where(detailText(dialect, 'investigationId'), 'in', [...about.caseIds]),
    );
  }
  if (about.incidentIds.length > 0) {
    branches.push(
      entryIds(db)
        .where('target_type', '=', 'incident')
        .where('target_id', 'in', [...about.incidentIds]),
    );
  }
  return branches.reduce((all, branch) => all.unionAll(branch));
}

/** The cases whose subject a person is, and those cases' incidents. */
async function casesOfPerson(db: Kysely<Database>, employeeId: string) {
  const cases = await db
    .selectFrom('investigations')
    .select('id')
    .where('subject_employee_id', '=', employeeId)
    .execute();
  const caseIds = cases.map((c) => c.id);
  return { caseIds, incidentIds: await incidentsOf(db, caseIds) };
}

async function incidentsOf(db: Kysely<Database>, caseIds: readonly string[]) {
  if (caseIds.length === 0) return [];
  const rows = await incidentsDb(db)
    .selectFrom('incidents')
    .select('id')
    .where('investigation_id', 'in', [...caseIds])
    .execute();
  return rows.map((r) => r.id);
}

/** Newest first, paged by id. `actor` matches a user id or an email; `action` a prefix. */
export async function listAudit(db: Kysely<Database>, dialect: Dialect, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actor) {
    const actor = filter.actor;
    query = query.where((eb) =>
      eb.or([eb('actor_user_id', '=', actor), eb('actor_email', '=', actor.toLowerCase())]),
    );
  }
  if (filter.action) {
    const action = filter.action;
    query = query.where((eb) =>
      eb.or([eb('action', '=', action), startsWith('action', `${action}.`)]),
    );
  }
  if (filter.person) {
    const about = { employeeId: filter.person, ...(await casesOfPerson(db, filter.person)) };
    query = query.where('id', 'in', entriesAbout(db, dialect, about));
  }
  if (filter.investigationId) {
    const caseIds = [filter.investigationId];
    const about = { caseIds, incidentIds: await incidentsOf(db, caseIds) };
    query = query.where('id', 'in', entriesAbout(db, dialect, about));
  }
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

/** The id of the newest entry (0 when the log is empty): where an export's snapshot ends. */
export async function newestAuditId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
} /** What a route says about the action it audits; who and from where come from the request. */
export interface AuditEntryInput {
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  /** For actions before a session exists (failed sign-in). */
  actorEmail?: string;
  actorUserId?: string;
}
