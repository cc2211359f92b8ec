import type { Kysely } from 'kysely';

import type { IncidentStatus } from '../../../shared/incident-model';
import { riskLevelForScore } from '../../../shared/investigation-model';
import type { Configuration } from '../../../shared/schemas/configuration';
import { RISK_EVENT_IDS_MAX } from '../../../shared/schemas/risk';
import { isValidTimeZone, zoneOffsetMs } from '../../../shared/time/zones';
import { alertsForRisk, saveEmployeeRisk } from '../../db/queries/employee-risk';
import {
  countAfterHours,
  countExternalTransfers,
  externalTransferIds,
  findDepartureEvents,
} from '../../db/queries/risk-signals';
import type { Database } from '../../db/schema';
import { scoreRisk } from '../runs/risk-score';

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
 * last 30 days stand where a case's incidents do, then external transfers, the after-hours
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
  const scope = { employeeId, from, to: now + 1 };
  const zone =
    person.timezone && isValidTimeZone(person.timezone) ? person.timezone : config.defaultTimezone;
  const [alerts, afterHours, transfers, transferIds, departure] = await Promise.all([
    alertsForRisk(db, employeeId, from),
    countAfterHours(db, scope, {
      offsetMs: isValidTimeZone(zone) ? zoneOffsetMs(zone, now) : 0,
      startHour: person.work_start_hour ?? config.defaultWorkStartHour,
      endHour: person.work_end_hour ?? config.defaultWorkEndHour,
    }),
    countExternalTransfers(db, scope),
    externalTransferIds(db, scope, RISK_EVENT_IDS_MAX),
    findDepartureEvents(db, employeeId, now + 1),
  ]);
  const isoDate = (ms: number | null) =>
    ms === null ? null : new Date(ms).toISOString().slice(0, 10);
  const scored = scoreRisk({
    incidents: alerts.map((alert) => ({
      id: alert.id,
      title: alert.title,
      severity: alert.severity,
      status: STATUS_OF[alert.status] ?? 'open',
      eventCount: alert.event_count,
    })),
    resignation: person.resignation_date ?? isoDate(departure.resignation),
    departure: person.departure_date ?? isoDate(departure.departure),
    departureEventIds: departure.eventIds,
    afterHours,
    externalTransfers: { count: transfers, ids: transferIds },
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
