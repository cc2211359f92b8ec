import type { Kysely } from 'kysely';

import type { ChecklistReply, ChecklistStep } from '../../../shared/schemas/templates';
import { caseTemplateId, listChecklist } from '../../db/queries/case-checklist';
import { findTemplate } from '../../db/queries/case-templates';
import type { Database } from '../../db/schema';
import { presentUserRef } from '../../presenters/user';
import { presentTemplate } from './present-template';

/**
 * A case's checklist with its progress, and what its template asks to review (null once the
 * template is deleted: the case keeps its steps). Visibility is the caller's business.
 */
export async function caseChecklist(
  db: Kysely<Database>,
  investigationId: string,
): Promise<ChecklistReply> {
  const templateId = await caseTemplateId(db, investigationId);
  const rows = await listChecklist(db, investigationId);
  const templateRow = templateId ? await findTemplate(db, templateId) : undefined;
  const template = templateRow ? presentTemplate(templateRow) : null;
  const steps: ChecklistStep[] = rows.map((row) => ({
    id: row.step_id,
    label: row.label,
    done: row.done_at !== null,
    doneAt: row.done_at === null ? null : Number(row.done_at),
    doneBy:
      row.done_by === null
        ? null
        : presentUserRef({ id: row.done_by, email: row.done_email, display_name: row.done_name }),
  }));
  return {
    templateId,
    template: template
      ? {
          id: template.id,
          name: template.name,
          evidencePages: template.evidencePages,
          reportSections: template.reportSections,
        }
      : null,
    steps,
    progress: { done: steps.filter((step) => step.done).length, total: steps.length },
  };
}
