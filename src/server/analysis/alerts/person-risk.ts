import type { Kysely } from 'kysely';

import type { IncidentStatus } from '../../../shared/incident-model';
import { riskLevelForScore } from '../../../shared/investigation-model';
import type { Configuration } from '../../../shared/schemas/configuration';
import { alertsForRisk, saveEmployeeRisk } from '../../db/queries/employee-risk';
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

/**
 * Scores one person as a case is scored, with the same parts and weights: their alerts of the
 * last 30 days stand where a case's incidents do (the part is called Alerts, and weighs what
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
    level: riskLevelForScore(scored.score),
    parts: scored.parts,
    openAlerts: alerts.filter((alert) => alert.status !== 'dismissed').length,
    now,
  });
  return scored.score;
}
