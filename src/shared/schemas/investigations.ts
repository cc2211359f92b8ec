import { z } from 'zod';

import {
  caseOutcomes,
  investigationStatuses,
  investigationTypes,
  MAX_WINDOW_DAYS,
  riskLevels,
} from '../investigation-model';
import { epochMs, idParam, timeInput, userRefSchema } from './common';
import { employeeRefSchema } from './employees';
import { legalHoldSchema } from './retention';

const DAY_MS = 86_400_000;

export const analysisStates = ['idle', 'pending', 'running', 'failed'] as const;
export type AnalysisState = (typeof analysisStates)[number];

/** An investigation as the API returns it. */
export const investigationSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(investigationStatuses),
  riskLevel: z.enum(riskLevels),
  riskScore: z.number().int().min(0).max(100),
  type: z.enum(investigationTypes),
  subject: employeeRefSchema,
  assignee: userRefSchema.nullable(),
  members: z.array(userRefSchema),
  windowStart: epochMs,
  windowEnd: epochMs,
  createdBy: userRefSchema,
  createdAt: epochMs,
  updatedBy: userRefSchema,
  updatedAt: epochMs,
  closedAt: epochMs.nullable(),
  /** How the case was closed and why; null while it is not closed. */
  outcome: z.enum(caseOutcomes).nullable(),
  outcomeReason: z.string().nullable(),
  analysis: z.object({ state: z.enum(analysisStates), updatedAt: epochMs.nullable() }),
  /** A legal hold keeps the case and its evidence past retention until lifted; null when none. */
  legalHold: legalHoldSchema.nullable(),
});
export type Investigation = z.infer<typeof investigationSchema>;

const title = z
  .string()
  .trim()
  .min(1, 'Give the investigation a title.')
  .max(200, 'The title is longer than 200 characters.');
const description = z.string().max(20_000, 'The description is longer than 20,000 characters.');

function checkWindow(
  value: { windowStart?: number | undefined; windowEnd?: number | undefined },
  ctx: z.RefinementCtx,
) {
  const { windowStart, windowEnd } = value;
  if (windowStart === undefined || windowEnd === undefined) return;
  if (windowEnd <= windowStart) {
    ctx.addIssue({
      code: 'custom',
      path: ['windowEnd'],
      message: 'The window must end after it starts.',
    });
  } else if (windowEnd - windowStart > MAX_WINDOW_DAYS * DAY_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['windowEnd'],
      message: `The window is longer than ${MAX_WINDOW_DAYS} days.`,
    });
  }
}

/**
 * POST /investigations. The window defaults to the template's (with `templateId`), else the
 * last 90 days.
 */
export const createInvestigationBodySchema = z
  .strictObject({
    title,
    description: description.default(''),
    subjectEmployeeId: idParam,
    /** Defaults to the template's type, else `other`. */
    type: z.enum(investigationTypes).optional(),
    riskLevel: z.enum(riskLevels).default('low'),
    assigneeUserId: idParam.nullable().optional(),
    memberUserIds: z.array(idParam).max(100).default([]),
    windowStart: timeInput.optional(),
    windowEnd: timeInput.optional(),
    /** Opens the case from a template: its type and window unless given, and its checklist. */
    templateId: idParam.optional(),
  })
  .superRefine(checkWindow);
export type CreateInvestigationBody = z.input<typeof createInvestigationBodySchema>;

/** A sentence saying why a case is closed or reopened. */
const closingReason = z.string().trim().max(2000, 'The reason is longer than 2,000 characters.');

/**
 * Closing needs an outcome and a reason; an outcome is given only when closing. (Reopening's
 * reason depends on the current status, so the server checks it.)
 */
export function checkClosing(
  value: {
    status?: string | undefined;
    outcome?: string | undefined;
    outcomeReason?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (value.status === 'closed') {
    if (value.outcome === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['outcome'],
        message: `Closing needs an outcome: one of ${caseOutcomes.join(', ')}.`,
      });
    }
    if (!value.outcomeReason) {
      ctx.addIssue({
        code: 'custom',
        path: ['outcomeReason'],
        message: 'Closing needs a reason: say in a sentence why the case ends this way.',
      });
    }
  } else if (value.outcome !== undefined || value.outcomeReason !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['outcome'],
      message: 'An outcome is given only when closing the investigation (status closed).',
    });
  }
}

/** PATCH /investigations/{id}: any subset of the editable fields. */
export const updateInvestigationBodySchema = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    status: z.enum(investigationStatuses).optional(),
    type: z.enum(investigationTypes).optional(),
    riskLevel: z.enum(riskLevels).optional(),
    assigneeUserId: idParam.nullable().optional(),
    memberUserIds: z.array(idParam).max(100).optional(),
    windowStart: timeInput.optional(),
    windowEnd: timeInput.optional(),
    /** Closing: how the case ends and why (both required with status `closed`). */
    outcome: z.enum(caseOutcomes).optional(),
    outcomeReason: closingReason.optional(),
    /** Why the status changes; required to reopen a closed case. */
    reason: closingReason.optional(),
  })
  .superRefine(checkWindow)
  .superRefine(checkClosing)
  .refine((value) => Object.keys(value).length > 0, {
    message: 'The update changes nothing: send at least one field.',
  });
export type UpdateInvestigationBody = z.input<typeof updateInvestigationBodySchema>;

export const investigationSortKeys = [
  'updatedAt',
  'createdAt',
  'riskScore',
  'title',
  'status',
] as const;

/** GET /investigations filters. `assignee=me` means the caller. */
export const listInvestigationsQuerySchema = z.strictObject({
  status: z.enum(investigationStatuses).optional(),
  risk: z.enum(riskLevels).optional(),
  type: z.enum(investigationTypes).optional(),
  assignee: z.string().max(128).optional(),
  subject: z.string().max(128).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z
    .string()
    .regex(
      new RegExp(`^-?(${investigationSortKeys.join('|')})$`),
      `Sort by one of ${investigationSortKeys.join(', ')}, with a leading - for descending.`,
    )
    .default('-updatedAt'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListInvestigationsQuery = z.input<typeof listInvestigationsQuerySchema>;

export const listInvestigationsReplySchema = z.object({
  investigations: z.array(investigationSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ListInvestigationsReply = z.infer<typeof listInvestigationsReplySchema>;
