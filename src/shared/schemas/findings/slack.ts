import { z } from 'zod';

import { epochMs } from '../common';
import { dayCountSchema, findingWindowSchema } from './common';

/** GET findings/slack-shares: files shared outside the company or in direct messages. */
export const slackSharesReplySchema = z.object({
  window: findingWindowSchema,
  summary: z.object({
    shares: z.number().int(),
    external: z.number().int(),
    direct: z.number().int(),
    publicLinks: z.number().int(),
  }),
  shares: z.array(
    z.object({
      id: z.string(),
      time: epochMs,
      file: z.string().nullable(),
      label: z.string().nullable(),
      /** The conversation as people read it: `#name`, or "Direct message". */
      channel: z.string().nullable(),
      /** The conversation as the record names it (a Slack id such as D0…, or a name). */
      channelId: z.string().nullable(),
      external: z.boolean(),
      direct: z.boolean(),
      destination: z.string().nullable(),
    }),
  ),
});
export type SlackSharesReply = z.infer<typeof slackSharesReplySchema>;

/** GET findings/slack-downloads. */
export const slackDownloadsReplySchema = z.object({
  window: findingWindowSchema,
  summary: z.object({
    downloads: z.number().int(),
    files: z.number().int(),
    busiestDay: dayCountSchema.nullable(),
    /** The busiest day against the median active day. */
    peakRatio: z.number(),
  }),
  days: z.array(dayCountSchema),
  files: z.array(
    z.object({
      fileId: z.string(),
      name: z.string().nullable(),
      downloads: z.number().int(),
      lastSeen: epochMs,
    }),
  ),
});
export type SlackDownloadsReply = z.infer<typeof slackDownloadsReplySchema>;
