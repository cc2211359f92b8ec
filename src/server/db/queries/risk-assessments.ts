import type { Kysely } from 'kysely';

import type { RiskPart } from '../../../shared/schemas/risk';
import { readJson, toJson } from '../dialect';
import { inTransaction } from '../in-transaction';
import type { Database } from '../schema';
import { incidentsDb } from './incident-tables';

/** The stored assessment of a case: what the evidence computes. */
export interface RiskAssessment {
  score: number;
  computedLevel: string;
  parts: RiskPart[];
  computedAt: number;
}

/** A level someone set by hand, with who and when. */
export interface RiskOverride {
  level: string;
  setBy: { id: string; email: string; displayName: string };
  setAt: number;
}

/**
 * Stored parts of a score (a case's or a person's). Parts saved before they named their
 * evidence, or how to list its events, read as naming none.
 */
export function readRiskParts(stored: unknown): RiskPart[] {
  return readJson<Array<Omit<RiskPart, 'evidence'> & Partial<RiskPart>>>(stored).map((part) => ({
    ...part,
    evidence: {
      incidents: [],
      eventCount: 0,
      eventIds: [],
      items: [],
      page: null,
      ...part.evidence,
      events: part.evidence?.events ?? null,
    },
  }));
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
    parts: readRiskParts(row.parts),
    computedAt: row.computed_at,
  };
}

/** The level set by hand on a case, or undefined when only the evidence decides. */
export async function findRiskOverride(
  db: Kysely<Database>,
  investigationId: string,
): Promise<RiskOverride | undefined> {
  const row = await incidentsDb(db)
    .selectFrom('risk_overrides as o')
    .innerJoin('users as u', 'u.id', 'o.set_by')
    .select(['o.level', 'o.set_by', 'o.set_at', 'u.email', 'u.display_name'])
    .where('o.investigation_id', '=', investigationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    level: row.level,
    setBy: { id: row.set_by, email: row.email, displayName: row.display_name },
    setAt: row.set_at,
  };
}

/** Records that `userId` set the case's level by hand (replacing an earlier choice). */
export async function saveRiskOverride(
  db: Kysely<Database>,
  investigationId: string,
  override: { level: string; userId: string; at: number },
): Promise<void> {
  const values = { level: override.level, set_by: override.userId, set_at: override.at };
  await incidentsDb(db)
    .insertInto('risk_overrides')
    .values({ investigation_id: investigationId, ...values })
    .onConflict((oc) => oc.column('investigation_id').doUpdateSet(values))
    .execute();
}

/** Removes a hand-set level: the evidence alone decides again. */
export async function deleteRiskOverride(
  db: Kysely<Database>,
  investigationId: string,
): Promise<void> {
  await incidentsDb(db)
    .deleteFrom('risk_overrides')
    .where('investigation_id', '=', investigationId)
    .execute();
}

/** Sets the level a case shows (the dashboard's high-risk figures read `risk_level`). */
export async function setShownRiskLevel(
  db: Kysely<Database>,
  investigationId: string,
  level: string,
): Promise<void> {
  await db
    .updateTable('investigations')
    .set({ risk_level: level })
    .where('id', '=', investigationId)
    .execute();
}

/**
 * Saves a run's assessment and sets the case's score and level in one transaction: the
 * dashboard's high-risk figures and risk distribution read `investigations.risk_level`. The
 * level shown is decided from the hand-set level read in the same transaction, so a level set
 * while the run was under way is not lost.
 */
export async function saveRiskAssessment(
  db: Kysely<Database>,
  investigationId: string,
  assessment: RiskAssessment,
  shownLevel: (handSet: string | null) => string,
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const values = {
      score: assessment.score,
      computed_level: assessment.computedLevel,
      parts: toJson(assessment.parts),
      computed_at: assessment.computedAt,
    };
    await incidentsDb(trx)
      .insertInto('risk_assessments')
      .values({ investigation_id: investigationId, ...values })
      .onConflict((oc) => oc.column('investigation_id').doUpdateSet(values))
      .execute();
    const override = await findRiskOverride(trx, investigationId);
    const level = shownLevel(override?.level ?? null);
    await trx
      .updateTable('investigations')
      .set({ risk_score: assessment.score, risk_level: level })
      .where('id', '=', investigationId)
      .execute();
    return level;
  });
}
