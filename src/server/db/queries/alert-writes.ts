import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

import type { IncidentSeverity } from '../../../shared/incident-model';
import { severityRank } from '../../../shared/incident-model';
import type { Database } from '../schema';

/** What a rule found about one person, ready to become (or extend) an alert. */
export interface ProducedAlert {
  ruleId: string;
  title: string;
  description: string;
  severity: IncidentSeverity;
  techniques: readonly string[];
  /** Insider Threat Matrix sections. */
  itm: readonly string[];
  employeeId: string;
  first: number;
  last: number;
  why: string;
  /** Hits this close to an alert of the same rule and person extend it rather than raise one. */
  mergeGapMs: number;
  /** Selects of (incident_id, event_id, time) rows: the events behind it, per step. */
  events: (alertId: string) => RawBuilder<unknown>[];
}

/**
 * Records a hit as an alert: the same rule for the same person over overlapping (or adjoining)
 * time extends the newest such alert, its span widened, its sentence refreshed, its severity
 * raised when the hit's is higher, and its status kept (a dismissed alert stays dismissed);
 * otherwise a new alert is raised. The events behind
 * it are linked once each, and its count is the number linked. Run inside a transaction.
 */
export async function recordAlert(
  db: Kysely<Database>,
  alert: ProducedAlert,
  now: number,
): Promise<{ id: string; created: boolean; raisedFrom: IncidentSeverity | null }> {
  const existing = await db
    .selectFrom('alerts')
    .select(['id', 'first_time', 'last_time', 'severity', 'severity_rank'])
    .where('employee_id', '=', alert.employeeId)
    .where('rule_id', '=', alert.ruleId)
    .where('first_time', '<=', alert.last + alert.mergeGapMs)
    .where('last_time', '>=', alert.first - alert.mergeGapMs)
    .orderBy('last_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  let id: string;
  let raisedFrom: IncidentSeverity | null = null;
  if (existing) {
    id = existing.id;
    // A hit of higher severity (the person joined a watchlist the rule raises on) raises it.
    const rises = severityRank(alert.severity) > Number(existing.severity_rank);
    if (rises) raisedFrom = existing.severity as IncidentSeverity;
    await db
      .updateTable('alerts')
      .set({
        first_time: Math.min(Number(existing.first_time), alert.first),
        last_time: Math.max(Number(existing.last_time), alert.last),
        why: alert.why,
        updated_at: now,
        ...(rises ? { severity: alert.severity, severity_rank: severityRank(alert.severity) } : {}),
      })
      .where('id', '=', id)
      .execute();
  } else {
    id = randomUUID();
    await db
      .insertInto('alerts')
      .values({
        id,
        rule_id: alert.ruleId,
        title: alert.title,
        description: alert.description,
        employee_id: alert.employeeId,
        severity: alert.severity,
        severity_rank: severityRank(alert.severity),
        status: 'new',
        reason: null,
        assignee_id: null,
        investigation_id: null,
        techniques: JSON.stringify(alert.techniques),
        itm: JSON.stringify(alert.itm),
        why: alert.why,
        first_time: alert.first,
        last_time: alert.last,
        event_count: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  for (const select of alert.events(id)) {
    // `where true` lets SQLite read ON CONFLICT as the insert's, not the select's.
    await sql`insert into alert_events (alert_id, event_id, time)
      select t.incident_id, t.event_id, t.time from (${select}) as t where true
      on conflict do nothing`.execute(db);
  }
  await sql`update alerts set event_count =
      (select count(*) from alert_events where alert_id = ${id}) where id = ${id}`.execute(db);
  return { id, created: !existing, raisedFrom };
}
