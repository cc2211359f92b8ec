import type { Kysely } from 'kysely';

import { riskLevelForScore } from '../../../shared/investigation-model';
import type { RiskLevel } from '../../../shared/investigation-model';
import type { Configuration } from '../../../shared/schemas/configuration';
import type { RiskPart } from '../../../shared/schemas/risk';
import { RISK_EVENT_IDS_MAX } from '../../../shared/schemas/risk';
import { isValidTimeZone, zoneOffsetMs } from '../../../shared/time/zones';
import { findAnalysisSubject } from '../../db/queries/analysis-runs';
import type { AnalysisSubject } from '../../db/queries/analysis-runs';
import { getConfiguration } from '../../db/queries/configuration';
import { findRiskAssessment, saveRiskAssessment } from '../../db/queries/risk-assessments';
import {
  countAfterHours,
  countExternalTransfers,
  externalTransferIds,
  findDepartureEvents,
  incidentWeights,
} from '../../db/queries/risk-signals';
import type { Database } from '../../db/schema';
import type { FindingSignals } from './finding-signals';
import { scoreRisk, shownRiskLevel, sumParts } from './risk-score';

function isoDate(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}

/** The parts a rescore keeps from the last run: they come from evidence pages, not incidents. */
const FINDING_PARTS: ReadonlyArray<RiskPart['id']> = ['securityHygiene', 'accessRequests'];

/**
 * Scores a case from its stored incidents, the subject's signals and the finding signals the
 * run read (or, with `'keep'`, the finding parts of the last assessment), saves the assessment
 * with its explanation, and sets the level the case shows: the computed one, or a higher one
 * someone set by hand (see shownRiskLevel).
 */
export async function assessRisk(
  db: Kysely<Database>,
  subject: AnalysisSubject,
  config: Configuration,
  now: number,
  findingSignals: FindingSignals | 'keep',
) {
  const scope = {
    employeeId: subject.employeeId,
    from: subject.windowStart,
    to: subject.windowEnd,
  };
  const zone =
    subject.timezone && isValidTimeZone(subject.timezone)
      ? subject.timezone
      : config.defaultTimezone;
  const middle = Math.min(now, Math.round((subject.windowStart + subject.windowEnd) / 2));
  const [incidents, departure, afterHours, transfers, transferIds, previous] = await Promise.all([
    incidentWeights(db, subject.investigationId),
    findDepartureEvents(db, subject.employeeId, subject.windowEnd),
    countAfterHours(db, scope, {
      offsetMs: isValidTimeZone(zone) ? zoneOffsetMs(zone, middle) : 0,
      startHour: subject.workStartHour ?? config.defaultWorkStartHour,
      endHour: subject.workEndHour ?? config.defaultWorkEndHour,
    }),
    countExternalTransfers(db, scope),
    externalTransferIds(db, scope, RISK_EVENT_IDS_MAX),
    findingSignals === 'keep' ? findRiskAssessment(db, subject.investigationId) : undefined,
  ]);
  const scored = scoreRisk({
    incidents: incidents.map((i) => ({
      id: i.id,
      title: i.title,
      severity: i.severity,
      status: i.status,
      eventCount: i.event_count,
    })),
    resignation: subject.resignationDate ?? isoDate(departure.resignation),
    departure: subject.departureDate ?? isoDate(departure.departure),
    departureEventIds: departure.eventIds,
    afterHours,
    externalTransfers: { count: transfers, ids: transferIds },
    hygiene: findingSignals === 'keep' ? [] : findingSignals.hygiene,
    flaggedRequests: findingSignals === 'keep' ? [] : findingSignals.flaggedRequests,
    weights: config.riskWeights,
  });
  const parts = scored.parts.map((part) =>
    FINDING_PARTS.includes(part.id)
      ? (previous?.parts.find((kept) => kept.id === part.id && kept.evidence) ?? part)
      : part,
  );
  const { score } = sumParts(parts);
  const computedLevel = riskLevelForScore(score);
  const level = await saveRiskAssessment(
    db,
    subject.investigationId,
    { score, computedLevel, parts, computedAt: now },
    (handSet) => shownRiskLevel(computedLevel, handSet as RiskLevel | null),
  );
  return { score, level: level as RiskLevel };
}

/**
 * Scores a case again without running the rules: after an investigator changes an incident's
 * status (a dismissed incident stops counting at once). Security hygiene and access requests
 * do not depend on incidents, so their parts are kept from the last run.
 */
export async function rescoreInvestigation(
  db: Kysely<Database>,
  investigationId: string,
  now: number,
): Promise<{ score: number; level: RiskLevel } | null> {
  const subject = await findAnalysisSubject(db, investigationId);
  if (!subject) return null;
  return assessRisk(db, subject, await getConfiguration(db), now, 'keep');
}
