import { z } from 'zod';

import { epochMs } from '../common';
import { eventRowSchema, findingWindowSchema } from './common';

/** GET findings/deletions: files, mail and messages deleted, and bursts of them. */
export const deletionsReplySchema = z.object({
  window: findingWindowSchema,
  summary: z.object({
    files: z.number().int(),
    mailItems: z.number().int(),
    messages: z.number().int(),
    bursts: z.number().int(),
  }),
  byKind: z.array(
    z.object({
      kind: z.enum(['files', 'mail', 'messages']),
      source: z.string(),
      events: z.number().int(),
    }),
  ),
  daily: z.array(
    z.object({
      date: z.string(),
      files: z.number().int(),
      mail: z.number().int(),
      messages: z.number().int(),
    }),
  ),
  /** Hours with far more deletions than the subject's usual. */
  bursts: z.array(
    z.object({
      start: epochMs,
      end: epochMs,
      files: z.number().int(),
      mail: z.number().int(),
      messages: z.number().int(),
      labelled: z.number().int(),
    }),
  ),
  events: z.array(eventRowSchema),
});
export type DeletionsReply = z.infer<typeof deletionsReplySchema>;
