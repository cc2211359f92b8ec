import { randomUUID } from 'node:crypto';

import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';

import type {
  CaseTemplate,
  createTemplateBodySchema,
  updateTemplateBodySchema,
} from '../../../shared/schemas/templates';
import type { Viewer } from '../../accounts/viewer';
import { toJson } from '../../db/dialect';
import {
  deleteTemplateRow,
  findTemplate,
  insertTemplate,
  templateNamed,
  updateTemplateRow,
} from '../../db/queries/case-templates';
import type { CaseTemplatesTable, Database } from '../../db/schema';
import { conflict, notFound } from '../../domain-error';
import { presentTemplate } from './present-template';
import { assignStepIds } from './step-ids';

type CreateBody = z.output<typeof createTemplateBodySchema>;
type UpdateBody = z.output<typeof updateTemplateBodySchema>;

/** What changed, field by field, for the audit log. */
export type TemplateChanges = Partial<Record<keyof UpdateBody, { from: unknown; to: unknown }>>;

async function refuseTakenName(db: Kysely<Database>, name: string, exceptId: string | null) {
  if (await templateNamed(db, name, exceptId))
    throw conflict('A template with that name exists already: choose another name.', 'name');
}

/** Loads a template or throws a 404 naming it. */
export async function loadTemplate(db: Kysely<Database>, id: string): Promise<CaseTemplate> {
  const row = await findTemplate(db, id);
  if (!row) throw notFound('There is no template with that id.');
  return presentTemplate(row);
}

/** Stores a new template; its steps get fresh ids. Run inside the audited transaction. */
export async function createTemplate(
  db: Kysely<Database>,
  viewer: Viewer,
  body: CreateBody,
  now: number,
): Promise<CaseTemplate> {
  await refuseTakenName(db, body.name, null);
  const id = randomUUID();
  await insertTemplate(db, {
    id,
    name: body.name,
    description: body.description,
    case_type: body.caseType,
    window_days: body.windowDays,
    steps: toJson(assignStepIds([], body.steps)),
    evidence_pages: toJson(body.evidencePages),
    report_sections: toJson(body.reportSections),
    shipped: 0,
    created_by: viewer.userId,
    created_at: now,
    updated_by: viewer.userId,
    updated_at: now,
  });
  return loadTemplate(db, id);
}

/**
 * Changes some fields of a template and returns it with what changed. Cases opened from it
 * keep their own copy of its checklist, so they are not touched.
 */
export async function updateTemplate(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
  body: UpdateBody,
  now: number,
): Promise<{ template: CaseTemplate; changes: TemplateChanges }> {
  const before = await loadTemplate(db, id);
  if (body.name !== undefined) await refuseTakenName(db, body.name, id);
  const after: CaseTemplate = {
    ...before,
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.caseType !== undefined ? { caseType: body.caseType } : {}),
    ...(body.windowDays !== undefined ? { windowDays: body.windowDays } : {}),
    ...(body.steps !== undefined ? { steps: assignStepIds(before.steps, body.steps) } : {}),
    ...(body.evidencePages !== undefined ? { evidencePages: body.evidencePages } : {}),
    ...(body.reportSections !== undefined ? { reportSections: body.reportSections } : {}),
  };
  const changes: TemplateChanges = {};
  for (const key of Object.keys(body) as (keyof UpdateBody)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = { from: before[key], to: after[key] };
  }
  if (Object.keys(changes).length === 0) return { template: before, changes };
  const row: Updateable<CaseTemplatesTable> = {
    name: after.name,
    description: after.description,
    case_type: after.caseType,
    window_days: after.windowDays,
    steps: toJson(after.steps),
    evidence_pages: toJson(after.evidencePages),
    report_sections: toJson(after.reportSections),
    updated_by: viewer.userId,
    updated_at: now,
  };
  await updateTemplateRow(db, id, row);
  return { template: await loadTemplate(db, id), changes };
}

/**
 * Deletes a template an admin made. Shipped templates are edited, not deleted: start-up puts
 * back a shipped template that is missing, so deleting one would not last. Cases opened from a
 * deleted template keep their checklist.
 */
export async function deleteTemplate(db: Kysely<Database>, id: string): Promise<CaseTemplate> {
  const template = await loadTemplate(db, id);
  if (template.shipped)
    throw conflict(`"${template.name}" ships with Vigil: it can be edited, not deleted.`);
  await deleteTemplateRow(db, id);
  return template;
}
