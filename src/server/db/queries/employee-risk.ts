import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** Alert statuses that still wait for someone: they count in a score and as open. */
export const UNTRIAGED_ALERT_STATUSES = ['new', 'in_review'] as const;

/**
 * People's alerts as the risk score reads them: those whose events fall since `since`, and
 * every alert still waiting for triage (new or in review) whatever its events' age, since an
 * alert raised today about last month's activity is today's work. Each person's in the
 * score's order (first time, then id).
 */
export function alertsForRisk(db: Kysely<Database>, employeeIds: readonly string[], since: number) {
  return db
    .selectFrom('alerts')
    .select(['employee_id', 'id', 'title', 'severity', 'status', 'event_count'])
    .where('employee_id', 'in', [...employeeIds])
    .where((eb) =>
      eb.or([eb('last_time', '>=', since), eb('status', 'in', [...UNTRIAGED_ALERT_STATUSES])]),
    )
    .orderBy('employee_id')
    .orderBy('first_time')
    .orderBy('id')
    .execute();
}

/** A person's score as stored. */
export interface EmployeeRiskWrite {
  employeeId: string;
  score: number;
  level: string;
  parts: unknown;
  openAlerts: number;
  now: number;
}

/**
 * Stores people's scores, each replacing their last one, in one statement: detection scores a
 * batch of people at once, and a round trip per person was most of scoring's time on PostgreSQL.
 */
export async function saveEmployeeRisks(
  db: Kysely<Database>,
  rows: readonly EmployeeRiskWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('employee_risk')
    .values(
      rows.map((row) => ({
        employee_id: row.employeeId,
        score: row.score,
        level: row.level,
        parts: JSON.stringify(row.parts),
        open_alerts: row.openAlerts,
        computed_at: row.now,
      })),
    )
    .onConflict((oc) =>
      oc.column('employee_id').doUpdateSet((eb) => ({
        score: eb.ref('excluded.score'),
        level: eb.ref('excluded.level'),
        parts: eb.ref('excluded.parts'),
        open_alerts: eb.ref('excluded.open_alerts'),
        computed_at: eb.ref('excluded.computed_at'),
      })),
    )
    .execute();
}

/** A scored person with what the list shows of them. */
export interface EmployeeRiskRow {
  employee_id: string;
  score: number;
  level: string;
  parts: unknown;
  open_alerts: number;
  computed_at: number;
  full_name: string;
  email: string;
  department: string | null;
  title: string | null;
}

/** People by score, highest first; after (score, id) of the last one seen. */
export async function listEmployeeRisk(
  db: Kysely<Database>,
  options: { after: { score: number; employeeId: string } | null; limit: number; minScore: number },
): Promise<EmployeeRiskRow[]> {
  let query = db
    .selectFrom('employee_risk as r')
    .innerJoin('employees as e', 'e.id', 'r.employee_id')
    .selectAll('r')
    .select(['e.full_name', 'e.email', 'e.department', 'e.title'])
    .where('r.score', '>=', options.minScore);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('r.score', '<', after.score),
        eb.and([eb('r.score', '=', after.score), eb('r.employee_id', '>', after.employeeId)]),
      ]),
    );
  }
  return await query
    .orderBy('r.score', 'desc')
    .orderBy('r.employee_id')
    .limit(options.limit)
    .execute();
}

/** Every person's score by id (for the employee directory). */
export async function employeeScores(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, { score: number; level: string }>> {
  const out = new Map<string, { score: number; level: string }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('employee_risk')
      .select(['employee_id', 'score', 'level'])
      .where('employee_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(row.employee_id, { score: row.score, level: row.level });
  }
  return out;
}
