import { z } from 'zod';

import { epochMs } from '../common';
import { eventRowSchema, findingWindowSchema, severitySchema } from './common';

/** The checks security hygiene runs; each is a detailId. */
export const hygieneCheckIds = [
  'mfa-disabled',
  'failed-sign-ins',
  'password-resets',
  'security-tools-tampered',
  'logs-cleared',
  'unmanaged-devices',
  'admin-rights',
] as const;
export type HygieneCheckId = (typeof hygieneCheckIds)[number];

/** One check and what it found. */
export const hygieneItemSchema = z.object({
  id: z.enum(hygieneCheckIds),
  title: z.string(),
  severity: severitySchema,
  count: z.number().int(),
  firstSeen: epochMs.nullable(),
  lastSeen: epochMs.nullable(),
  description: z.string(),
});
export type HygieneItem = z.infer<typeof hygieneItemSchema>;

/** GET findings/security-hygiene. */
export const securityHygieneReplySchema = z.object({
  window: findingWindowSchema,
  items: z.array(hygieneItemSchema),
});
export type SecurityHygieneReply = z.infer<typeof securityHygieneReplySchema>;

/** GET findings/security-hygiene/{detailId}: the check and the events behind it. */
export const securityHygieneDetailSchema = z.object({
  window: findingWindowSchema,
  item: hygieneItemSchema,
  events: z.array(eventRowSchema.extend({ why: z.string() })),
});
export type SecurityHygieneDetail = z.infer<typeof securityHygieneDetailSchema>;
