import { z } from 'zod';

import { epochMs } from '../common';
import { findingWindowSchema } from './common';

/** Where mail outside the company went. */
export const domainKinds = ['personal', 'competitor', 'external'] as const;

/** GET findings/external-emails. */
export const externalEmailsReplySchema = z.object({
  window: findingWindowSchema,
  summary: z.object({
    sent: z.number().int(),
    external: z.number().int(),
    personal: z.number().int(),
    withAttachments: z.number().int(),
    attachments: z.number().int(),
    bytes: z.number().int(),
  }),
  domains: z.array(
    z.object({
      domain: z.string(),
      kind: z.enum(domainKinds),
      messages: z.number().int(),
      attachments: z.number().int(),
      bytes: z.number().int(),
      lastSeen: epochMs,
    }),
  ),
  daily: z.array(
    z.object({ date: z.string(), external: z.number().int(), personal: z.number().int() }),
  ),
  messages: z.array(
    z.object({
      id: z.string(),
      time: epochMs,
      subject: z.string().nullable(),
      recipients: z.array(z.string()),
      domains: z.array(z.string()),
      attachments: z.number().int(),
      size: z.number().int().nullable(),
      label: z.string().nullable(),
      kind: z.enum(domainKinds),
    }),
  ),
});
export type ExternalEmailsReply = z.infer<typeof externalEmailsReplySchema>;
