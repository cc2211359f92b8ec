import { z } from 'zod';

import { incidentStatuses } from '../incident-model';
import { caseOutcomes, investigationStatuses } from '../investigation-model';
import { idParam } from './common';
import { checkClosing } from './investigations';

/** Why a bulk change is made: required, kept in each item's audit entry. */
const bulkReason = z
  .string()
  .trim()
  .min(1, 'Say why: a bulk change needs a reason.')
  .max(2000, 'The reason is longer than 2,000 characters.');

/**
 * POST /investigations/{id}/incidents/bulk: one status for several incidents of a case, all or
 * nothing. (Incidents have no assignee; the case has one.)
 */
export const bulkIncidentsBodySchema = z.strictObject({
  incidentIds: z
    .array(idParam)
    .min(1, 'Name at least one incident.')
    .max(1000, 'At most 1,000 incidents at once.'),
  status: z.enum(incidentStatuses),
  reason: bulkReason,
});
export type BulkIncidentsBody = z.input<typeof bulkIncidentsBodySchema>;

/**
 * POST /investigations/bulk: a status and/or an assignee for several investigations, all or
 * nothing. Closing needs an outcome and its reason, as for one case.
 */
export const bulkInvestigationsBodySchema = z
  .strictObject({
    investigationIds: z
      .array(idParam)
      .min(1, 'Name at least one investigation.')
      .max(500, 'At most 500 investigations at once.'),
    status: z.enum(investigationStatuses).optional(),
    assigneeUserId: idParam.nullable().optional(),
    reason: bulkReason,
    outcome: z.enum(caseOutcomes).optional(),
    outcomeReason: z
      .string()
      .trim()
      .max(2000, 'The reason is longer than 2,000 characters.')
      .optional(),
  })
  .superRefine(checkClosing)
  .refine((body) => body.status !== undefined || body.assigneeUserId !== undefined, {
    path: ['status'],
    message: 'Say what to change: a status, an assignee or both.',
  });
export type BulkInvestigationsBody = z.input<typeof bulkInvestigationsBodySchema>;

/** Both bulk routes: how many items changed (all of them, or the request failed). */
export const bulkReplySchema = z.object({ updated: z.number().int() });
export type BulkReply = z.infer<typeof bulkReplySchema>;
