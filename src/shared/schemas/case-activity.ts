import { z } from 'zod';

import { caseNoteSchema } from './case-notes';
import { epochMs, userRefSchema } from './common';

/**
 * One line of a case's history, read from the audit log: who did what and when, a one-line
 * summary written by the server, and the entry's details. A note's line carries the note.
 */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  at: epochMs,
  /** Null for what Vigil did by itself (an analysis run) or a user since removed. */
  actor: userRefSchema.nullable(),
  action: z.string(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  note: caseNoteSchema.nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /investigations/{id}/activity: newest first; `cursor` is the `next` of the page before. */
export const activityQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'The cursor is the `next` value of the previous page.')
    .optional(),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityReplySchema = z.object({
  entries: z.array(activityEntrySchema),
  next: z.string().nullable(),
});
export type ActivityReply = z.infer<typeof activityReplySchema>;
