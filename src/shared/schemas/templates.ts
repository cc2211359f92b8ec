import { z } from 'zod';

import { evidencePageSlugs } from '../findings/catalogue';
import type { EvidencePageSlug } from '../findings/catalogue';
import { investigationTypes, MAX_WINDOW_DAYS } from '../investigation-model';
import { reportSections } from '../report-sections';
import { epochMs, idParam, userRefSchema } from './common';

/** The most steps a checklist may have: beyond this it is a procedure manual, not a checklist. */
export const MAX_CHECKLIST_STEPS = 40;

/** One step of a checklist: a stable id (kept across edits of its template) and its label. */
export const templateStepSchema = z.object({ id: z.string(), label: z.string() });
export type TemplateStep = z.infer<typeof templateStepSchema>;

/**
 * A case template: what a new investigation opened from it starts with (its type, a window of
 * so many days back from today, the checklist steps), the evidence pages its investigator
 * should review and the sections its report carries. Vigil ships some (`shipped`): they can be
 * edited, not deleted.
 */
export const caseTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  caseType: z.enum(investigationTypes),
  windowDays: z.number().int(),
  steps: z.array(templateStepSchema),
  evidencePages: z.array(z.enum(evidencePageSlugs as [EvidencePageSlug, ...EvidencePageSlug[]])),
  reportSections: z.array(z.enum(reportSections)),
  shipped: z.boolean(),
  createdAt: epochMs,
  updatedAt: epochMs,
  /** Who last changed it; null for a shipped template nobody has edited. */
  updatedBy: userRefSchema.nullable(),
});
export type CaseTemplate = z.infer<typeof caseTemplateSchema>;

/** GET /templates: every template, by name. */
export const listTemplatesReplySchema = z.object({ templates: z.array(caseTemplateSchema) });
export type ListTemplatesReply = z.infer<typeof listTemplatesReplySchema>;

/** A step id: lower-case letters, digits and dashes (the server makes them; shipped ones are named). */
const stepId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/, 'A step id is lower-case letters, digits and dashes.');

const stepLabel = z
  .string()
  .trim()
  .min(1, 'A step needs a label: remove empty lines.')
  .max(300, 'A step is at most 300 characters.');

/**
 * A step as sent: its label, or `{ id, label }` to keep the id of an existing step whose label
 * changed. A step whose label is unchanged keeps its id without sending it.
 */
export const stepInputSchema = z.union([
  stepLabel.transform((label): { id?: string; label: string } => ({ label })),
  z.strictObject({ id: stepId.optional(), label: stepLabel }),
]);
export type StepInput = z.output<typeof stepInputSchema>;

/** A list of distinct values: a duplicate is an input mistake worth a sentence. */
function distinct<T extends z.ZodType<string>>(item: T, what: string) {
  return z
    .array(item)
    .refine((values) => new Set(values).size === values.length, `Each ${what} is listed once.`);
}

const fields = {
  name: z
    .string()
    .trim()
    .min(1, 'Name the template.')
    .max(100, 'A template name is at most 100 characters.'),
  description: z.string().trim().max(2000, 'A description is at most 2,000 characters.'),
  caseType: z.enum(investigationTypes),
  windowDays: z
    .number()
    .int('The window is a whole number of days.')
    .min(1, 'The window covers at least 1 day.')
    .max(MAX_WINDOW_DAYS, `The window covers at most ${MAX_WINDOW_DAYS} days.`),
  steps: z
    .array(stepInputSchema)
    .min(1, 'A template needs at least one checklist step.')
    .max(MAX_CHECKLIST_STEPS, `A checklist has at most ${MAX_CHECKLIST_STEPS} steps.`),
  evidencePages: distinct(
    z.enum(evidencePageSlugs as [EvidencePageSlug, ...EvidencePageSlug[]]),
    'evidence page',
  ),
  reportSections: distinct(z.enum(reportSections), 'report section'),
};

/** POST /templates (admins). */
export const createTemplateBodySchema = z.strictObject({
  name: fields.name,
  description: fields.description.default(''),
  caseType: fields.caseType,
  windowDays: fields.windowDays,
  steps: fields.steps,
  evidencePages: fields.evidencePages.default([]),
  reportSections: fields.reportSections.default([...reportSections]),
});
export type CreateTemplateBody = z.input<typeof createTemplateBodySchema>;

/** PATCH /templates/{id} (admins): any of the fields; steps are sent whole. */
export const updateTemplateBodySchema = z
  .strictObject({
    name: fields.name.optional(),
    description: fields.description.optional(),
    caseType: fields.caseType.optional(),
    windowDays: fields.windowDays.optional(),
    steps: fields.steps.optional(),
    evidencePages: fields.evidencePages.optional(),
    reportSections: fields.reportSections.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, {
    message: 'The update changes nothing: send at least one field.',
  });
export type UpdateTemplateBody = z.input<typeof updateTemplateBodySchema>;

/** A template Vigil ships (src/server/case/templates/shipped-templates.json): named ids throughout. */
export const shippedTemplateSchema = createTemplateBodySchema.extend({
  id: stepId,
  steps: z
    .array(z.strictObject({ id: stepId, label: stepLabel }))
    .min(1)
    .max(MAX_CHECKLIST_STEPS)
    .refine((steps) => new Set(steps.map((s) => s.id)).size === steps.length, 'Step ids repeat.'),
});
export type ShippedTemplate = z.output<typeof shippedTemplateSchema>;

export const templateParams = z.strictObject({ id: idParam });

/** One step of a case's checklist: its own copy of the template's step, and who ticked it. */
export const checklistStepSchema = z.object({
  id: z.string(),
  label: z.string(),
  done: z.boolean(),
  doneAt: epochMs.nullable(),
  doneBy: userRefSchema.nullable(),
});
export type ChecklistStep = z.infer<typeof checklistStepSchema>;

/**
 * GET /investigations/{id}/checklist: the case's steps and progress, and what its template
 * (if it still exists) asks to review. `templateId` stays when the template was deleted.
 */
export const checklistReplySchema = z.object({
  templateId: z.string().nullable(),
  template: caseTemplateSchema
    .pick({ id: true, name: true, evidencePages: true, reportSections: true })
    .nullable(),
  steps: z.array(checklistStepSchema),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});
export type ChecklistReply = z.infer<typeof checklistReplySchema>;

/** PATCH /investigations/{id}/checklist/{stepId}. */
export const tickStepBodySchema = z.strictObject({ done: z.boolean() });

export const checklistStepParams = z.strictObject({ id: idParam, stepId: idParam });
