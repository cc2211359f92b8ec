import { z } from 'zod';

import { employeeRefSchema } from './employees';
import { revealSchema } from './privacy';

/**
 * POST /investigations/{id}/reveals as the route reads it: the purpose is checked by the route
 * (with revealRequestSchema), so that a request without one is refused and audited.
 */
export const revealRequestBodySchema = z.strictObject({
  employeeId: z.string().trim().min(1, 'Choose the person to reveal.').max(128),
  purpose: z.string().max(2000).optional(),
});

/** Who a person is in the case: its subject, or someone in its events. */
export const revealRoles = ['subject', 'counterpart'] as const;

/** A reveal of a case, with the person as the caller may see them now. */
export const caseRevealSchema = revealSchema.extend({ employee: employeeRefSchema });
export type CaseReveal = z.infer<typeof caseRevealSchema>;

/** GET /investigations/{id}/reveals */
export const caseRevealsReplySchema = z.object({ reveals: z.array(caseRevealSchema) });
export type CaseRevealsReply = z.infer<typeof caseRevealsReplySchema>;

/** GET /reveals: for privacy officers; pseudonyms only, never a name. */
export const revealsReplySchema = z.object({ reveals: z.array(revealSchema) });
export type RevealsReply = z.infer<typeof revealsReplySchema>;

/** GET /investigations/{id}/reveals/people: who may be revealed in this case. */
export const revealPeopleReplySchema = z.object({
  people: z.array(
    z.object({
      employee: employeeRefSchema,
      role: z.enum(revealRoles),
      /** How often the subject wrote to or shared with them in the window (0 for the subject). */
      contacts: z.number().int(),
    }),
  ),
});
export type RevealPeopleReply = z.infer<typeof revealPeopleReplySchema>;

/** GET /investigations/{id}/reveals/{revealId}/identity, while the reveal holds. */
export const revealIdentityReplySchema = z.object({
  employee: employeeRefSchema,
  expiresAt: z.number().int(),
});
export type RevealIdentityReply = z.infer<typeof revealIdentityReplySchema>;
