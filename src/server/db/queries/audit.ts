import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';

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

type AuditExpressions = ExpressionBuilder<Database, 'audit_log'>;

function aboutCase(
  eb: AuditExpressions,
  db: Kysely<Database>,
  dialect: Dialect,
  id: string,
): Expression<SqlBool> {
  return eb.or([
    eb.and([eb('target_type', '=', 'investigation'), eb('target_id', '=', id)]),
    eb(detailText(dialect, 'investigationId'), '=', id),
    eb.and([
      eb('target_type', '=', 'incident'),
      eb(
        'target_id',
        'in',
        incidentsDb(db).selectFrom('incidents').select('id').where('investigation_id', '=', id),
      ),
    ]),
  ]);
}

function aboutPerson(
  eb: AuditExpressions,
  db: Kysely<Database>,
  dialect: Dialect,
  id: string,
): Expression<SqlBool> {
  const cases = db.selectFrom('investigations').select('id').where('subject_employee_id', '=', id);
  return eb.or([
    eb.and([eb('target_type', '=', 'employee'), eb('target_id', '=', id)]),
    eb(detailText(dialect, 'subjectEmployeeId'), '=', id),
    eb(detailText(dialect, 'employeeId'), '=', id),
    eb.and([eb('target_type', '=', 'investigation'), eb('target_id', 'in', cases)]),
    eb(detailText(dialect, 'investigationId'), 'in', cases),
    eb.and([
      eb('target_type', '=', 'incident'),
      eb(
        'target_id',
        'in',
        incidentsDb(db)
          .selectFrom('incidents')
          .select('incidents.id')
          .where('investigation_id', 'in', cases),
      ),
    ]),
  ]);
}

/** Newest first, paged by id. `actor` matches a user id or an email; `action` a prefix. */
export function listAudit(db: Kysely<Database>, dialect: Dialect, filter: AuditFilter) {
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
    const person = filter.person;
    query = query.where((eb) => aboutPerson(eb, db, dialect, person));
  }
  if (filter.investigationId) {
    const id = filter.investigationId;
    query = query.where((eb) => aboutCase(eb, db, dialect, id));
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
}
