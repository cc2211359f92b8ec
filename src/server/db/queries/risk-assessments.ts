import type { Kysely } from 'kysely';

import type { RiskPart } from '../../../shared/schemas/incidents';
import { readJson, toJson } from '../dialect';
import { inTransaction } from '../in-transaction';
import type { Database } from '../schema';
import { incidentsDb } from './incident-tables';

/** The stored assessment of a case. */
export interface RiskAssessment {
  score: number;
  computedLevel: string;
  manualLevel: string | null;
  parts: RiskPart[];
  computedAt: number;
}

/** The last assessment of a case, or undefined before its first run. */
export async function findRiskAssessment(
  db: Kysely<Database>,
  investigationId: string,
): Promise<RiskAssessment | undefined> {
  const row = await incidentsDb(db)
    .selectFrom('risk_assessments')
    .selectAll()
    .where('investigation_id', '=', investigationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    score: row.score,
    computedLevel: row.computed_level,
    manualLevel: row.manual_level,
    parts: readJson<RiskPart[]>(row.parts),
    computedAt: row.computed_at,
  };
}

/**
 * Saves a run's assessment and sets the case's score and level in one transaction: the
 * dashboard's high-risk figures and risk distribution read `investigations.risk_level`.
 */
export async function saveRiskAssessment(
  db: Kysely<Database>,
  investigationId: string,
  assessment: RiskAssessment,
  effectiveLevel: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const values = {
      score: assessment.score,
      computed_level: assessment.computedLevel,
      manual_level: assessment.manualLevel,
      parts: toJson(assessment.parts),
      computed_at: assessment.computedAt,
    };
    await incidentsDb(trx)
      .insertInto('risk_assessments')
      .values({ investigation_id: investigationId, ...values })
      .onConflict((oc) => oc.column('investigation_id').doUpdateSet(values))
      .execute();
    await trx
      .updateTable('investigations')
      .set({ risk_score: assessment.score, risk_level: effectiveLevel })
      .where('id', '=', investigationId)
      .execute();
  });
}
