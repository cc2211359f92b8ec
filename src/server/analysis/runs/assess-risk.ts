import type { Kysely } from 'kysely';

import type { RiskLevel } from '../../../shared/investigation-model';
import type { Configuration } from '../../../shared/schemas/configuration';
import { isValidTimeZone, zoneOffsetMs } from '../../../shared/time/zones';
import { findAnalysisSubject } from '../../db/queries/analysis-runs';
import type { AnalysisSubject } from '../../db/queries/analysis-runs';
import { getConfiguration } from '../../db/queries/configuration';
import { findRiskAssessment, saveRiskAssessment } from '../../db/queries/risk-assessments';
import {
  countAfterHours,
  countExternalTransfers,
  findDepartureEvents,
  incidentWeights,
} from '../../db/queries/risk-signals';
import type { Database } from '../../db/schema';
import { combineRiskLevels, scoreRisk } from './risk-score';

function isoDate(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}

/**
 * Scores a case from its stored incidents and the subject's signals, saves the assessment with
 * its explanation, and sets the level the case shows (see combineRiskLevels).
 */
export async function assessRisk(
  db: Kysely<Database>,
  subject: AnalysisSubject,
  config: Configuration,
  now: number,
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
  const [incidents, departure, afterHours, externalTransfers, previous] = await Promise.all([
    incidentWeights(db, subject.investigationId),
    findDepartureEvents(db, subject.employeeId, subject.windowEnd),
    countAfterHours(db, scope, {
      offsetMs: isValidTimeZone(zone) ? zoneOffsetMs(zone, middle) : 0,
      startHour: subject.workStartHour ?? config.defaultWorkStartHour,
      endHour: subject.workEndHour ?? config.defaultWorkEndHour,
    }),
    countExternalTransfers(db, scope),
    findRiskAssessment(db, subject.investigationId),
  ]);
  const { score, parts } = scoreRisk({
    incidents,
    resignation: subject.resignationDate ?? isoDate(departure.resignation),
    departure: subject.departureDate ?? isoDate(departure.departure),
    afterHours,
    externalTransfers,
    weights: config.riskWeights,
  });
  const levels = combineRiskLevels({
    current: subject.riskLevel as RiskLevel,
    previous: previous
      ? {
          computedLevel: previous.computedLevel as RiskLevel,
          manualLevel: previous.manualLevel as RiskLevel | null,
        }
      : undefined,
    score,
  });
  await saveRiskAssessment(
    db,
    subject.investigationId,
    {
      score,
      computedLevel: levels.computedLevel,
      manualLevel: levels.manualLevel,
      parts,
      computedAt: now,
    },
    levels.level,
  );
  return { score, level: levels.level };
}

/**
 * Scores a case again without running the rules: after an investigator changes an incident's
 * status (a dismissed incident stops counting at once).
 */
export async function rescoreInvestigation(
  db: Kysely<Database>,
  investigationId: string,
  now: number,
): Promise<{ score: number; level: RiskLevel } | null> {
  const subject = await findAnalysisSubject(db, investigationId);
  if (!subject) return null;
  return assessRisk(db, subject, await getConfiguration(db), now);
}
