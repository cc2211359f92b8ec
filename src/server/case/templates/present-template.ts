import type { CaseTemplate, TemplateStep } from '../../../shared/schemas/templates';
import { readJson } from '../../db/dialect';
import type { StoredTemplate } from '../../db/queries/case-templates';
import { presentUserRef } from '../../presenters/user';

/** The steps a template row holds. */
export function templateSteps(row: Pick<StoredTemplate, 'steps'>): TemplateStep[] {
  return readJson<TemplateStep[]>(row.steps);
}

/** A template row as the API shows it. */
export function presentTemplate(row: StoredTemplate): CaseTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    caseType: row.case_type as CaseTemplate['caseType'],
    windowDays: Number(row.window_days),
    steps: templateSteps(row),
    evidencePages: readJson<CaseTemplate['evidencePages']>(row.evidence_pages),
    reportSections: readJson<CaseTemplate['reportSections']>(row.report_sections),
    shipped: Number(row.shipped) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    updatedBy:
      row.updated_by === null
        ? null
        : presentUserRef({
            id: row.updated_by,
            email: row.updater_email,
            display_name: row.updater_name,
          }),
  };
}
