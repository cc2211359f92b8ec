import { z } from 'zod';

import { incidentSeverities, incidentStatuses } from '../incident-model';
import { epochMs, idParam, userRefSchema } from './common';
import { eventRowSchema } from './findings/common';

const severity = z.enum(incidentSeverities);
const status = z.enum(incidentStatuses);
const techniqueId = z
  .string()
  .regex(/^T\d{4}(\.\d{3})?$/, 'A technique id looks like T1052 or T1052.001.');

/** An incident as lists show it. */
export const incidentSummarySchema = z.object({
  id: z.string(),
  investigationId: z.string(),
  ruleId: z.string(),
  title: z.string(),
  severity,
  status,
  /** Why it was dismissed (or confirmed…); null until someone says. */
  statusReason: z.string().nullable(),
  statusBy: userRefSchema.nullable(),
  statusAt: epochMs.nullable(),
  techniques: z.array(z.string()),
  firstSeen: epochMs,
  lastSeen: epochMs,
  /** One sentence with the numbers that made the rule fire. */
  why: z.string(),
  eventCount: z.number().int(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type IncidentSummary = z.infer<typeof incidentSummarySchema>;

/** One event of a timeline: enough to place and describe it; the raw record is fetched apart. */
export const timelineEventSchema = eventRowSchema
  .pick({
    id: true,
    time: true,
    source: true,
    category: true,
    activity: true,
    action: true,
    outcome: true,
    app: true,
    summary: true,
  })
  .extend({
    /** The incidents this event belongs to (timeline of the whole case). */
    incidentIds: z.array(z.string()),
  });
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

/** GET /investigations/{id}/incidents/{incidentId}. */
export const incidentDetailSchema = incidentSummarySchema.extend({
  description: z.string(),
  timeline: z.array(timelineEventSchema),
  /** Events beyond the stored timeline (a timeline keeps at most a few thousand). */
  timelineTruncated: z.boolean(),
  pending: z.boolean(),
});

/** GET /investigations/{id}/incidents query. */
export const listIncidentsQuerySchema = z.strictObject({
  technique: techniqueId.optional(),
  status: status.optional(),
  severity: severity.optional(),
});
export type ListIncidentsQuery = z.input<typeof listIncidentsQuerySchema>;

export const listIncidentsReplySchema = z.object({
  pending: z.boolean(),
  incidents: z.array(incidentSummarySchema),
});

/** GET /investigations/{id}/incidents/summary. */
export const incidentsSummaryReplySchema = z.object({
  pending: z.boolean(),
  total: z.number().int(),
  bySeverity: z.record(severity, z.number().int()),
  byStatus: z.record(status, z.number().int()),
  byTechnique: z.array(
    z.object({ technique: z.string(), name: z.string(), count: z.number().int() }),
  ),
});

/** GET /investigations/{id}/incidents/timeline: every incident event of the case in order. */
export const incidentsTimelineQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
  /** Continue after this event (the `next` of the previous page). */
  cursor: z
    .string()
    .regex(/^\d{1,15}:\d{1,20}$/, 'The cursor is the `next` value of the previous page.')
    .optional(),
});
export const incidentsTimelineReplySchema = z.object({
  pending: z.boolean(),
  events: z.array(timelineEventSchema),
  next: z.string().nullable(),
});

/** PATCH /investigations/{id}/incidents/{incidentId}. */
export const updateIncidentBodySchema = z
  .strictObject({
    status,
    reason: z.string().trim().max(2000, 'The reason is longer than 2,000 characters.').optional(),
  })
  .refine((body) => body.status !== 'dismissed' || (body.reason ?? '').length > 0, {
    path: ['reason'],
    message: 'Say why the incident is dismissed: a dismissal needs a reason.',
  });
export type UpdateIncidentBody = z.input<typeof updateIncidentBodySchema>;

/** GET /investigations/{id}/active-techniques. */
export const activeTechniquesReplySchema = z.object({
  pending: z.boolean(),
  techniques: z.array(
    z.object({
      technique: z.string(),
      name: z.string(),
      tactics: z.array(z.string()),
      /** Incidents that name it (dismissed ones left out). */
      count: z.number().int(),
      eventCount: z.number().int(),
      maxSeverity: severity,
      incidents: z.array(z.string()),
    }),
  ),
});
export type ActiveTechniquesReply = z.infer<typeof activeTechniquesReplySchema>;

/** GET /incidents/search?q=: incidents across the caller's visible cases, for the palette. */
export const searchIncidentsQuerySchema = z.strictObject({
  q: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const searchIncidentsReplySchema = z.object({
  incidents: z.array(
    incidentSummarySchema.extend({ investigationTitle: z.string(), subjectName: z.string() }),
  ),
});

/** Path parameters of one incident. */
export const incidentParamsSchema = z.object({ id: idParam, incidentId: idParam });
