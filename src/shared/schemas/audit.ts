import { z } from 'zod';

import { epochMs, idParam, timeQuery, userRefSchema } from './common';
import { employeeRefSchema } from './employees';

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

/**
 * What the audit screen and its CSV filter by. `user` (or the older `actor`) is a user id or an
 * email; `person` an employee id (entries about them, their profile, or a case about them);
 * `case` an investigation id (entries about the case, its incidents or naming it); `action` an
 * exact action or a prefix (`identity.reveal` takes `identity.reveal.request`).
 */
export const auditFilterSchema = z.strictObject({
  user: z.string().max(320).optional(),
  actor: z.string().max(320).optional(),
  person: idParam.optional(),
  case: idParam.optional(),
  action: z.string().max(100).optional(),
  targetType: z.string().max(100).optional(),
  targetId: z.string().max(128).optional(),
  from: timeQuery.optional(),
  to: timeQuery.optional(),
});
export type AuditFilterQuery = z.input<typeof auditFilterSchema>;

/** GET /audit: newest first; `before` is the id cursor of the last entry seen (`nextBefore`). */
export const auditQuerySchema = auditFilterSchema.extend({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const auditReplySchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
});

/** The columns of GET /audit.csv, in order. */
export const auditCsvColumns = [
  'Id',
  'Time (UTC)',
  'User id',
  'User email',
  'Action',
  'Target type',
  'Target id',
  'Details',
  'IP',
  'User agent',
] as const;

/** GET /audit/person-views: who read one person's data, per user and kind of read. */
export const personViewsQuerySchema = z.strictObject({
  employeeId: idParam,
  from: timeQuery.optional(),
  to: timeQuery.optional(),
});

export const personViewSchema = z.object({
  user: userRefSchema,
  /** What was read: findings, events, raw record, timeline, report, export, profile, alert… */
  kind: z.string(),
  views: z.number().int(),
  firstAt: epochMs,
  lastAt: epochMs,
  /** The cases the reads were made in (ids); reads outside any case are not listed. */
  cases: z.array(z.string()),
});
export type PersonView = z.infer<typeof personViewSchema>;

export const personViewsReplySchema = z.object({
  person: employeeRefSchema.nullable(),
  views: z.array(personViewSchema),
  total: z.number().int(),
});
export type PersonViewsReply = z.infer<typeof personViewsReplySchema>;

/** GET /audit/viewed-people: the people whose data was read, most viewed first, by pseudonym. */
export const viewedPeopleQuerySchema = z.strictObject({
  from: timeQuery.optional(),
  to: timeQuery.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const viewedPeopleReplySchema = z.object({
  people: z.array(
    z.object({
      person: employeeRefSchema,
      views: z.number().int(),
      users: z.number().int(),
      lastAt: epochMs,
    }),
  ),
});
export type ViewedPeopleReply = z.infer<typeof viewedPeopleReplySchema>;
