import { z } from 'zod';

import { incidentSeverities } from '../incident-model';
import { epochMs, idParam, userRefSchema } from './common';
import { employeeRefSchema } from './employees';
import { watchlistId } from './watchlists';
import { eventRowSchema } from './findings/common';

/**
 * Alerts: what detection over the whole organization raises about a person, before anyone has
 * opened a case. new: nobody has looked; in_review: someone is on it; dismissed: not a concern
 * (a reason is required); escalated: it became, or joined, an investigation about the person.
 */
export const alertStatuses = ['new', 'in_review', 'dismissed', 'escalated'] as const;
export type AlertStatus = (typeof alertStatuses)[number];

export const alertStatusLabels: Record<AlertStatus, string> = {
  new: 'New',
  in_review: 'In review',
  dismissed: 'Dismissed',
  escalated: 'Escalated to a case',
};

const severity = z.enum(incidentSeverities);
const status = z.enum(alertStatuses);
const techniqueId = z
  .string()
  .regex(/^T\d{4}(\.\d{3})?$/, 'A technique id looks like T1052 or T1052.001.');
const reason = z.string().trim().max(2000, 'The reason is longer than 2,000 characters.');

/** An alert as the queue lists it. */
export const alertSummarySchema = z.object({
  id: z.string(),
  ruleId: z.string(),
  /** The rule's title, as the queue shows it. */
  title: z.string(),
  severity,
  status,
  /** The person it is about (through the server's employee presenter). */
  subject: employeeRefSchema,
  techniques: z.array(z.string()),
  /** Insider Threat Matrix sections (src/shared/insider-threat-matrix). */
  itm: z.array(z.string()),
  firstSeen: epochMs,
  lastSeen: epochMs,
  eventCount: z.number().int(),
  /** One sentence with the numbers that made the rule fire. */
  why: z.string(),
  assignee: userRefSchema.nullable(),
  /** Why it was dismissed; null otherwise. */
  reason: z.string().nullable(),
  /** The case it was escalated to. */
  investigationId: z.string().nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type AlertSummary = z.infer<typeof alertSummarySchema>;

/**
 * GET /alerts: the queue, worst first (severity, then the newest last event), server-paged.
 * `cursor` is the `next` of the previous page.
 */
export const listAlertsQuerySchema = z.strictObject({
  status: status.optional(),
  severity: severity.optional(),
  ruleId: z.string().max(200).optional(),
  employeeId: z.string().max(64).optional(),
  technique: techniqueId.optional(),
  /** Only alerts about people on this watchlist (see GET /watchlists). */
  watchlist: watchlistId.optional(),
  cursor: z
    .string()
    .regex(/^\d:\d{1,15}:[\w-]{1,64}$/, 'The cursor is the `next` value of the previous page.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
/** The query as a client builds it (every field optional, limit a number). */
export type ListAlertsQuery = Partial<z.output<typeof listAlertsQuerySchema>>;

export const listAlertsReplySchema = z.object({
  alerts: z.array(alertSummarySchema),
  /** How many alerts match the filters (all pages). */
  total: z.number().int(),
  next: z.string().nullable(),
});
export type ListAlertsReply = z.infer<typeof listAlertsReplySchema>;

/** GET /alerts/{id}: the alert with the events behind it, each with its raw record. */
export const alertDetailSchema = alertSummarySchema.extend({
  description: z.string(),
  events: z.array(eventRowSchema.extend({ raw: z.unknown() })),
  /** More events belong to it than the reply carries. */
  eventsTruncated: z.boolean(),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/** PATCH /alerts/{id}: status (a dismissal needs a reason) and/or assignee (null: nobody). */
export const updateAlertBodySchema = z
  .strictObject({
    status: status.exclude(['escalated']).optional(),
    reason: reason.optional(),
    assigneeId: z.string().max(128).nullable().optional(),
  })
  .refine((body) => body.status !== undefined || body.assigneeId !== undefined, {
    message: 'Say what changes: a status, an assignee, or both.',
  })
  .refine((body) => body.status !== 'dismissed' || (body.reason ?? '').length > 0, {
    path: ['reason'],
    message: 'Say why the alert is dismissed: a dismissal needs a reason.',
  });
export type UpdateAlertBody = z.input<typeof updateAlertBodySchema>;

/** What a bulk request does to every alert it names. */
export const alertBulkActions = ['dismiss', 'review', 'reopen', 'assign'] as const;
export type AlertBulkAction = (typeof alertBulkActions)[number];

/** POST /alerts/bulk: one action on several alerts, all or nothing. */
export const bulkAlertsBodySchema = z
  .strictObject({
    ids: z
      .array(idParam)
      .min(1, 'Name at least one alert.')
      .max(1000, 'At most 1,000 alerts at once.'),
    action: z.enum(alertBulkActions),
    reason: reason.optional(),
    assigneeId: z.string().max(128).nullable().optional(),
  })
  .refine((body) => body.action !== 'dismiss' || (body.reason ?? '').length > 0, {
    path: ['reason'],
    message: 'Say why the alerts are dismissed: a dismissal needs a reason.',
  })
  .refine((body) => body.action !== 'assign' || body.assigneeId !== undefined, {
    path: ['assigneeId'],
    message: 'Say whom to assign the alerts to (null for nobody).',
  });
export type BulkAlertsBody = z.input<typeof bulkAlertsBodySchema>;

export const bulkAlertsReplySchema = z.object({ updated: z.number().int() });

/** POST /alerts/{id}/investigation: the case the alert now belongs to. */
export const escalateAlertReplySchema = z.object({
  investigationId: z.string(),
  /** True when a new case was opened; false when the person's open case took the alert. */
  created: z.boolean(),
});
export type EscalateAlertReply = z.infer<typeof escalateAlertReplySchema>;

/** GET /alerts/summary: alerts by severity per day (dashboard) and the open count. */
export const alertsSummaryReplySchema = z.object({
  open: z.number().int(),
  /**
   * People whose events wait for detection (queued or being checked): above 0 the counts are
   * still growing (the demo's first detection goes on after start-up, say).
   */
  detecting: z.number().int(),
  bySeverity: z.record(severity, z.number().int()),
  perDay: z.array(z.object({ day: z.string(), severity, count: z.number().int() })),
});
export type AlertsSummaryReply = z.infer<typeof alertsSummaryReplySchema>;
