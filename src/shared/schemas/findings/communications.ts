import { z } from 'zod';

import { findingWindowSchema } from './common';

/** `?hops=1..3` and `?window`. */
export const communicationsQuerySchema = z.strictObject({
  hops: z.coerce
    .number({ message: 'hops must be a whole number from 1 to 3' })
    .int('hops must be a whole number from 1 to 3')
    .min(1, 'hops must be at least 1')
    .max(3, 'hops must be at most 3')
    .default(1),
  window: z.string().optional(),
});

/** One person, domain or channel in the subject's contact graph. */
export const contactNodeSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['subject', 'employee', 'person', 'domain', 'channel']),
  hop: z.number().int(),
  weight: z.number().int(),
  external: z.boolean(),
  competitor: z.string().nullable(),
  personal: z.boolean(),
});

/** GET findings/communications-analysis. */
export const communicationsReplySchema = z.object({
  window: findingWindowSchema,
  hops: z.number().int(),
  nodes: z.array(contactNodeSchema),
  edges: z.array(
    z.object({
      source: z.string(),
      target: z.string(),
      weight: z.number().int(),
      kinds: z.array(z.string()),
      /**
       * When the subject is one end: their own mail to, shares with or posts in the other end
       * that the edge counts, and the contact keys (comma-separated) that list exactly those in
       * the subject timeline (its `counterpart` filter). Null between other people and on the
       * edges to a domain.
       */
      subjectEvents: z.object({ count: z.number().int(), counterpart: z.string() }).nullable(),
    }),
  ),
  summary: z.object({
    contacts: z.number().int(),
    external: z.number().int(),
    competitors: z.number().int(),
    personal: z.number().int(),
  }),
});
export type CommunicationsReply = z.infer<typeof communicationsReplySchema>;
