import type { Kysely } from 'kysely';

import type { IncidentStatus } from '../../../shared/incident-model';
import { riskLevelForScore, riskLevels } from '../../../shared/investigation-model';
import type { RiskLevel } from '../../../shared/investigation-model';
import type { Configuration } from '../../../shared/schemas/configuration';
import { RISK_EVENT_IDS_MAX } from '../../../shared/schemas/risk';
import {
  afterHoursOf,
  byPerson,
  departureRowsOf,
  externalTransfersOf,
  peopleForRisk,
} from '../../db/queries/people-signals';
import { departureOf } from '../../db/queries/risk-signals';
import type { WorkingZone } from '../../db/queries/risk-signals';
import type { EmployeeRiskWrite } from '../../db/queries/employee-risk';
import {
  alertsForRisk,
  saveEmployeeRisks,
  UNTRIAGED_ALERT_STATUSES,
} from '../../db/queries/employee-risk';
import type { Database } from '../../db/schema';
import { scoreRisk } from '../runs/risk-score';
import { signalsFrom, signalZone } from '../runs/subject-signals';

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
  return (await scorePeople(db, [employeeId], config, now)).get(employeeId) ?? 0;
}

/**
 * Scores several people as scorePerson does each, at the same moment: every read is one
 * statement for them all (people-signals.ts), so detection over everyone pays per batch, not
 * per person. Stores each score; a person no longer on file gets none.
 */
export async function scorePeople(
  db: Kysely<Database>,
  employeeIds: readonly string[],
  config: Configuration,
  now: number,
): Promise<Map<string, number>> {
  const scores = new Map<string, number>();
  if (employeeIds.length === 0) return scores;
  const people = (await peopleForRisk(db, employeeIds)).map((row) => ({
    employeeId: row.id,
    timezone: row.timezone,
    workStartHour: row.work_start_hour,
    workEndHour: row.work_end_hour,
    resignationDate: row.resignation_date,
    departureDate: row.departure_date,
  }));
  if (people.length === 0) return scores;
  const ids = people.map((person) => person.employeeId);
  const from = now - PERSON_RISK_DAYS * DAY_MS;
  const window = { from, to: now + 1 };
  const zoneKeys = new Map<string, number>();
  const zones: WorkingZone[] = [];
  const zoned = people.map((person) => {
    const zone = signalZone(person, config, window, now);
    const key = JSON.stringify(zone);
    if (!zoneKeys.has(key)) {
      zoneKeys.set(key, zones.length);
      zones.push(zone);
    }
    return { person, zone, index: zoneKeys.get(key)! };
  });
  const [alerts, departures, afterHours, transfers] = await Promise.all([
    alertsForRisk(db, ids, from).then(byPerson),
    departureRowsOf(db, ids, window.to),
    afterHoursOf(
      db,
      zoned.map(({ person, index }) => ({ employeeId: person.employeeId, zone: index })),
      zones,
      window,
    ),
    externalTransfersOf(db, ids, window),
  ]);
  const writes: EmployeeRiskWrite[] = [];
  for (const { person, zone } of zoned) {
    const id = person.employeeId;
    const own = alerts.get(id) ?? [];
    const moved = (transfers.get(id) ?? []).sort(
      (a, b) => b.time - a.time || Number(b.id) - Number(a.id),
    );
    const signals = signalsFrom(
      person,
      window,
      zone,
      departureOf(departures.get(id) ?? []),
      afterHours.get(id) ?? { total: 0, offHours: 0 },
      { count: moved.length, ids: moved.slice(0, RISK_EVENT_IDS_MAX).map((row) => row.id) },
    );
    const scored = scoreRisk({
      counts: 'alerts',
      incidents: own.map((alert) => ({
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
    writes.push({
      employeeId: id,
      score: scored.score,
      level: personRiskLevel(scored.score, own),
      parts: scored.parts,
      openAlerts: own.filter((alert) =>
        (UNTRIAGED_ALERT_STATUSES as readonly string[]).includes(alert.status),
      ).length,
      now,
    });
    scores.set(id, scored.score);
  }
  await saveEmployeeRisks(db, writes);
  return scores;
}
