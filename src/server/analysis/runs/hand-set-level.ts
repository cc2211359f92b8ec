import type { Kysely } from 'kysely';

import type { RiskLevel } from '../../../shared/investigation-model';
import {
  deleteRiskOverride,
  findRiskAssessment,
  findRiskOverride,
  saveRiskOverride,
  setShownRiskLevel,
} from '../../db/queries/risk-assessments';
import type { Database } from '../../db/schema';
import { shownRiskLevel } from './risk-score';

/**
 * A person sets a case's level by hand (PATCH or POST /investigations with `riskLevel`): the
 * choice is kept with who made it and when, and the case shows the higher of it and what the
 * evidence computes. Low is every case's floor, so choosing Low removes a hand-set level and
 * lets the evidence alone decide. Returns the hand-set level before and after (null for none),
 * or null when nothing changed; the caller audits it. Run it in the caller's transaction.
 */
export async function setRiskLevelByHand(
  db: Kysely<Database>,
  investigationId: string,
  level: RiskLevel,
  userId: string,
  now: number,
): Promise<{ from: RiskLevel | null; to: RiskLevel | null } | null> {
  const [before, assessment] = await Promise.all([
    findRiskOverride(db, investigationId),
    findRiskAssessment(db, investigationId),
  ]);
  const from = (before?.level ?? null) as RiskLevel | null;
  const to = level === 'low' ? null : level;
  if (from === to) return null;
  if (to === null) await deleteRiskOverride(db, investigationId);
  else await saveRiskOverride(db, investigationId, { level: to, userId, at: now });
  const computed = (assessment?.computedLevel ?? 'low') as RiskLevel;
  await setShownRiskLevel(db, investigationId, shownRiskLevel(computed, to));
  return { from, to };
}
