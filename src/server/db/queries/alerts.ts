import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';

import type { IncidentSeverity } from '../../../shared/incident-model';
import { severityRank } from '../../../shared/incident-model';
import type { AlertsTable, Database } from '../schema';
import { watchlistMembers } from './watchlists';

/** An alert row with its person and assignee, as lists and details read it. */
export interface AlertRow {
  id: string;
  rule_id: string;
  title: string;
  description: string;
  employee_id: string;
  severity: string;
  severity_rank: number;
  status: string;
  reason: string | null;
  assignee_id: string | null;
  investigation_id: string | null;
  techniques: unknown;
  itm: unknown;
  why: string;
  first_time: number;
  last_time: number;
  event_count: number;
  created_at: number;
  updated_at: number;
  subject_name: string;
  subject_email: string;
  subject_department: string | null;
  subject_title: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
}

/** Filters of the alert queue. */
export interface AlertFilter {
  status?: string;
  severity?: string;
  ruleId?: string;
  employeeId?: string;
  technique?: string;
  watchlist?: string;
}

/** Where a page of the queue continues: after this alert in (severity, last event, id) order. */
export interface AlertCursor {
  rank: number;
  lastTime: number;
  id: string;
}

/** The sortable rank of a severity (the queue's index is on the rank, not the word). */
function rankOf(severity: string): number {
  return severityRank(severity as IncidentSeverity);
}

function selectAlerts(db: Kysely<Database>) {
  return db
    .selectFrom('alerts as a')
    .innerJoin('employees as e', 'e.id', 'a.employee_id')
    .leftJoin('users as u', 'u.id', 'a.assignee_id')
    .selectAll('a')
    .select([
      'e.full_name as subject_name',
      'e.email as subject_email',
      'e.department as subject_department',
      'e.title as subject_title',
      'u.email as assignee_email',
      'u.display_name as assignee_name',
    ]);
}

/** The queue's filters as one condition on `alerts as a`, for the page and its count alike. */
function matching(db: Kysely<Database>, filter: AlertFilter) {
  return (eb: ExpressionBuilder<Database & { a: AlertsTable }, 'a'>) => {
    const parts: Expression<SqlBool>[] = [];
    if (filter.status) parts.push(eb('a.status', '=', filter.status));
    if (filter.severity) parts.push(eb('a.severity_rank', '=', rankOf(filter.severity)));
    if (filter.ruleId) parts.push(eb('a.rule_id', '=', filter.ruleId));
    if (filter.employeeId) parts.push(eb('a.employee_id', '=', filter.employeeId));
    // Techniques are a short JSON list; the quoted id matches one element exactly.
    if (filter.technique)
      parts.push(eb(sql<string>`cast(a.techniques as text)`, 'like', `%"${filter.technique}"%`));
    if (filter.watchlist)
      parts.push(eb('a.employee_id', 'in', watchlistMembers(db, filter.watchlist, Date.now())));
    return eb.and(parts);
  };
}

/** One page of the queue, worst first: severity, then the newest last event. */
export async function listAlerts(
  db: Kysely<Database>,
  filter: AlertFilter,
  after: AlertCursor | null,
  limit: number,
): Promise<AlertRow[]> {
  let query = selectAlerts(db).where(matching(db, filter));
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('a.severity_rank', '<', after.rank),
        eb.and([eb('a.severity_rank', '=', after.rank), eb('a.last_time', '<', after.lastTime)]),
        eb.and([
          eb('a.severity_rank', '=', after.rank),
          eb('a.last_time', '=', after.lastTime),
          eb('a.id', '<', after.id),
        ]),
      ]),
    );
  }
  const rows = await query
    .orderBy('a.severity_rank', 'desc')
    .orderBy('a.last_time', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows;
}

/** How many alerts match the filters. */
export async function countAlerts(db: Kysely<Database>, filter: AlertFilter): Promise<number> {
  const query = db
    .selectFrom('alerts as a')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(matching(db, filter));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One alert, or undefined. */
export async function findAlert(db: Kysely<Database>, id: string): Promise<AlertRow | undefined> {
  return await selectAlerts(db).where('a.id', '=', id).executeTakeFirst();
}

/** The alerts with these ids that exist (for all-or-nothing bulk requests). */
export async function findAlerts(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<AlertRow[]> {
  const rows: AlertRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = await selectAlerts(db)
      .where('a.id', 'in', ids.slice(i, i + 500))
      .execute();
    rows.push(...(chunk as AlertRow[]));
  }
  return rows;
}

/** What a triage action changes on an alert. */
export interface AlertChange {
  status?: string;
  reason?: string | null;
  assigneeId?: string | null;
  investigationId?: string | null;
}

/** Applies a change to an alert. */
export async function updateAlert(
  db: Kysely<Database>,
  id: string,
  change: AlertChange,
  now: number,
): Promise<void> {
  await db
    .updateTable('alerts')
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
      ...(change.assigneeId !== undefined ? { assignee_id: change.assigneeId } : {}),
      ...(change.investigationId !== undefined ? { investigation_id: change.investigationId } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** The ids of the events behind an alert, earliest first, at most `limit`. */
export async function alertEventIds(
  db: Kysely<Database>,
  alertId: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('alert_events')
    .select('event_id')
    .where('alert_id', '=', alertId)
    .orderBy('time')
    .orderBy('event_id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.event_id));
}

/** The raw records of these events, by id. */
export async function rawRecords(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, unknown>> {
  const out = new Map<number, unknown>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('events')
    .select(['id', 'raw'])
    .where('id', 'in', [...ids])
    .execute();
  for (const row of rows) out.set(Number(row.id), row.raw);
  return out;
}

const DAY_MS = 86_400_000;

/**
 * Open alerts by severity (of any age), and alerts per UTC day of their last event and severity
 * since `since` (every status).
 */
export async function alertCounts(
  db: Kysely<Database>,
  since: number,
): Promise<{
  open: Array<{ severity: string; n: number }>;
  perDay: Array<{ day: number; severity: string; n: number }>;
}> {
  const open = await db
    .selectFrom('alerts')
    .select(['severity', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', 'in', ['new', 'in_review'])
    .groupBy('severity')
    .execute();
  // One expression for the column and the group, with the divisor written into the SQL: bound
  // as a parameter it was a REAL on SQLite (each alert its own fractional day) and two distinct
  // parameters on PostgreSQL (the select no longer matched the group by).
  const day = sql<number>`${sql.ref('last_time')} / ${sql.lit(DAY_MS)}`;
  const perDay = await db
    .selectFrom('alerts')
    .select((eb) => [day.as('day'), 'severity', eb.fn.countAll<number>().as('n')])
    .where('last_time', '>=', since)
    .groupBy([day, 'severity'])
    .execute();
  return {
    open: open.map((row) => ({ severity: row.severity, n: Number(row.n) })),
    perDay: perDay.map((row) => ({
      day: Number(row.day),
      severity: row.severity,
      n: Number(row.n),
    })),
  };
}
