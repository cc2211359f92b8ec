import { z } from 'zod';

import { epochMs } from '../common';
import { findingWindowSchema } from './common';

/** One message, mail or share naming a configured competitor. */
export const mentionRowSchema = z.object({
  id: z.string(),
  time: epochMs,
  competitor: z.string(),
  channel: z.enum(['chat', 'email', 'file_share']),
  snippet: z.string(),
  counterparties: z.array(z.string()),
  external: z.boolean(),
});
export type MentionRow = z.infer<typeof mentionRowSchema>;

/** GET findings/competitor-mentions. */
export const competitorMentionsReplySchema = z.object({
  window: findingWindowSchema,
  competitors: z.array(
    z.object({
      name: z.string(),
      mentions: z.number().int(),
      external: z.number().int(),
      lastSeen: epochMs.nullable(),
    }),
  ),
  mentions: z.array(mentionRowSchema),
});
export type CompetitorMentionsReply = z.infer<typeof competitorMentionsReplySchema>;
