import { z } from 'zod';

import { epochMs, timeQuery } from './common';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: epochMs,
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /audit: newest first; `before` is the id cursor of the last entry seen. */
export const auditQuerySchema = z.strictObject({
  actor: z.string().max(320).optional(),
  action: z.string().max(100).optional(),
  targetType: z.string().max(100).optional(),
  targetId: z.string().max(128).optional(),
  from: timeQuery.optional(),
  to: timeQuery.optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const auditReplySchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});
