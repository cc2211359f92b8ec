import type { Kysely } from 'kysely';

import type { IncidentStatus } from '../../../shared/incident-model';
import { riskLevelForScore, riskLevels } from '../../../shared/investigation-model';
import type { RiskLevel } from '../../../shared/investigation-model';
import type { Configuration } from '../../../shared/schemas/configuration';
import {
  alertsForRisk,
  saveEmployeeRisk,
  UNTRIAGED_ALERT_STATUSES,
} from '../../db/queries/employee-risk';
import type { Database } from '../../db/schema';
import { scoreRisk } from '../runs/risk-score';
import { readSubjectSignals } from '../runs/subject-signals';

const DAY_MS = 86_400_000;
/** The span a person's score reads: their last 30 days. */
export const PERSON_RISK_DAYS = 30;

/** An alert's status in the score's terms (an escalated alert counts as a confirmed incident). */
const STATUS_OF: Record<string, IncidentStatus> = {
  new: 'open',
  in_review: 'acknowledged',
  escalated: 'confirmed',
  dismissed: 'dismissed',
};

/** The least level an untriaged alert of a severity leaves its person at. */
const LEVEL_FLOOR: Record<string, RiskLevel> = { critical: 'medium' };

/**
 * A person's level: their score's, but never under what an untriaged alert says, so someone with
 * an open critical alert never reads Low however the weights are set.
 */
export function personRiskLevel(
  score: number,
  alerts: ReadonlyArray<{ severity: string; status: string }>,
): RiskLevel {
  const untriaged = new Set<string>(UNTRIAGED_ALERT_STATUSES);
  let rank = riskLevels.indexOf(riskLevelForScore(score));
  for (const alert of alerts) {
    const floor = untriaged.has(alert.status) ? LEVEL_FLOOR[alert.severity] : undefined;
    if (floor) rank = Math.max(rank, riskLevels.indexOf(floor));
  }
  return riskLevels[rank]!;
}

/**
 * Scores one person as a case is scored, with the same parts and weights: their alerts of the
 * last 30 days, and every alert still waiting for triage whatever its age, stand where a case's
 * incidents do (the part is called Alerts, and weighs what
 * the incidents weight says), then external transfers, the after-hours
 * share and the departure from their own events. Security hygiene and access requests come from
 * evidence pages that need a case, so outside one they add nothing. Stores the score.
 */
export async function scorePerson(
  db: Kysely<Database>,
  employeeId: string,
  config: Configuration,
  now: number,
): Promise<number> {
  const person = await db
    .selectFrom('employees')
    .select(['timezone', 'work_start_hour', 'work_end_hour', 'resignation_date', 'departure_date'])
    .where('id', '=', employeeId)
    .executeTakeFirst();
  if (!person) return 0;
  const from = now - PERSON_RISK_DAYS * DAY_MS;
  const [alerts, signals] = await Promise.all([
    alertsForRisk(db, employeeId, from),
    readSubjectSignals(
      db,
      {
        employeeId,
        timezone: person.timezone,
        workStartHour: person.work_start_hour,
        workEndHour: person.work_end_hour,
        resignationDate: person.resignation_date,
        departureDate: person.departure_date,
      },
      config,
      { from, to: now + 1 },
      now,
    ),
  ]);
  const scored = scoreRisk({
    counts: 'alerts',
    incidents: alerts.map((alert) => ({
      id: alert.id,
      title: alert.title,
      severity: alert.severity,
      status: STATUS_OF[alert.status] ?? 'open',
      eventCount: alert.event_count,
    })),
    ...signals,
    hygiene: [],
    flaggedRequests: [],
    weights: config.riskWeights,
  });
  await saveEmployeeRisk(db, {
    employeeId,
    score: scored.score,
    level: personRiskLevel(scored.score, alerts),
    parts: scored.parts,
    openAlerts: alerts.filter((alert) =>
      (UNTRIAGED_ALERT_STATUSES as readonly string[]).includes(alert.status),
    ).length,
    now,
  });
  return scored.score;
}
