import type { Kysely } from 'kysely';

import { riskLevelForScore } from '../../../shared/investigation-model';
import type { RiskLevel } from '../../../shared/investigation-model';
import type { Configuration } from '../../../shared/schemas/configuration';
import type { RiskPart } from '../../../shared/schemas/risk';
import { RISK_EVENT_IDS_MAX } from '../../../shared/schemas/risk';
import { findAnalysisSubject } from '../../db/queries/analysis-runs';
import type { AnalysisSubject } from '../../db/queries/analysis-runs';
import { getConfiguration } from '../../db/queries/configuration';
import { findRiskAssessment, saveRiskAssessment } from '../../db/queries/risk-assessments';
import { countPartEvents, listPartEvents } from '../../db/queries/risk-part-events';
import { incidentWeights } from '../../db/queries/risk-signals';
import type { Database } from '../../db/schema';
import type { FindingSignals } from './finding-signals';
import { scoreRisk, shownRiskLevel, sumParts } from './risk-score';
import type { RiskInputs } from './risk-score';
import { readSubjectSignals } from './subject-signals';

/** The parts a rescore keeps from the last run: they come from evidence pages, not incidents. */
const FINDING_PARTS: ReadonlyArray<RiskPart['id']> = [
  'securityHygiene',
  'accessRequests',
  'afterHours',
];

/**
 * Counts and names the events behind a part with the query its drill-down lists them with
 * (GET /investigations/{id}/risk/{part}/events), so the count a part claims is the number of
 * rows an investigator who opens it gets: the distinct events on the counted incidents'
 * timelines, say, rather than the incidents' own counts added up.
 */
async function countEvidence(
  db: Kysely<Database>,
  employeeId: string,
  part: RiskPart,
): Promise<RiskPart> {
  const selection = part.evidence.events;
  if (!selection) return { ...part, evidence: { ...part.evidence, eventCount: 0, eventIds: [] } };
  // The transfers part was scored from countExternalTransfers and externalTransferIds, the very
  // count and newest-first page its drill-down runs (risk-part-events): asking again would read
  // every file event of the window twice more for the same answer.
  if (selection.kind === 'transfers') return part;
  const [count, newest] = await Promise.all([
    countPartEvents(db, employeeId, selection),
    listPartEvents(db, employeeId, selection, { limit: RISK_EVENT_IDS_MAX }),
  ]);
  return {
    ...part,
    evidence: { ...part.evidence, eventCount: count, eventIds: newest.map((e) => String(e.id)) },
  };
}

/**
 * A case's after-hours part counts exactly the working hours figure its locker, summary and
 * report show (every event of the window, off the hours that page measured against), so the
 * three never disagree; the drill-down reads the subject's zone as that page does.
 */
function caseAfterHours(
  own: RiskInputs['afterHours'],
  findingSignals: FindingSignals | 'keep',
): RiskInputs['afterHours'] {
  const figure = findingSignals === 'keep' ? null : findingSignals.workingHours;
  if (!figure) return own;
  const { total, offHours, startHour, endHour } = figure;
  return {
    total,
    offHours,
    zone: { ...own.zone, startHour, endHour },
    systemRecords: true,
  };
}

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
  const middle = Math.min(now, Math.round((subject.windowStart + subject.windowEnd) / 2));
  const [incidents, signals, previous] = await Promise.all([
    incidentWeights(db, subject.investigationId),
    readSubjectSignals(
      db,
      subject,
      config,
      { from: subject.windowStart, to: subject.windowEnd },
      middle,
      // A run's after-hours part is the working hours figure's (caseAfterHours): its own count
      // would be thrown away.
      { afterHours: findingSignals === 'keep' || findingSignals.workingHours === null },
    ),
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
    ...signals,
    afterHours: caseAfterHours(signals.afterHours, findingSignals),
    hygiene: findingSignals === 'keep' ? [] : findingSignals.hygiene,
    flaggedRequests: findingSignals === 'keep' ? [] : findingSignals.flaggedRequests,
    weights: config.riskWeights,
  });
  const parts = await Promise.all(
    scored.parts.map(async (part) => {
      const kept = FINDING_PARTS.includes(part.id)
        ? previous?.parts.find((old) => old.id === part.id && old.evidence)
        : undefined;
      return kept ?? (await countEvidence(db, subject.employeeId, part));
    }),
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
