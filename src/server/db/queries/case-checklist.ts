import type { Kysely } from 'kysely';

import type { CaseChecklistTable, Database } from '../schema';

/** A step of a case's checklist, with who ticked it. */
export type StoredChecklistStep = CaseChecklistTable & {
  done_email: string | null;
  done_name: string | null;
};

/** Copies steps into a case's checklist, in their order. */
export async function insertChecklist(
  db: Kysely<Database>,
  investigationId: string,
  steps: readonly { id: string; label: string }[],
): Promise<void> {
  if (steps.length === 0) return;
  await db
    .insertInto('case_checklist')
    .values(
      steps.map((step, position) => ({
        investigation_id: investigationId,
        step_id: step.id,
        position,
        label: step.label,
        done_at: null,
        done_by: null,
      })),
    )
    .execute();
}

/** A case's checklist, in order. */
export async function listChecklist(
  db: Kysely<Database>,
  investigationId: string,
): Promise<StoredChecklistStep[]> {
  return await db
    .selectFrom('case_checklist as c')
    .leftJoin('users as u', 'u.id', 'c.done_by')
    .selectAll('c')
    .select(['u.email as done_email', 'u.display_name as done_name'])
    .where('c.investigation_id', '=', investigationId)
    .orderBy('c.position')
    .execute();
}

/** One step of a case's checklist, or undefined. */
export async function findChecklistStep(
  db: Kysely<Database>,
  investigationId: string,
  stepId: string,
): Promise<CaseChecklistTable | undefined> {
  return await db
    .selectFrom('case_checklist')
    .selectAll()
    .where('investigation_id', '=', investigationId)
    .where('step_id', '=', stepId)
    .executeTakeFirst();
}

/** Ticks (with who and when) or unticks one step. */
export async function setChecklistStepDone(
  db: Kysely<Database>,
  investigationId: string,
  stepId: string,
  done: { at: number; by: string } | null,
): Promise<void> {
  await db
    .updateTable('case_checklist')
    .set({ done_at: done?.at ?? null, done_by: done?.by ?? null })
    .where('investigation_id', '=', investigationId)
    .where('step_id', '=', stepId)
    .execute();
}

/** The template a case was opened from, if any (it may since have been deleted). */
export async function caseTemplateId(
  db: Kysely<Database>,
  investigationId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('investigations')
    .select('template_id')
    .where('id', '=', investigationId)
    .executeTakeFirst();
  return row?.template_id ?? null;
}
