import { z } from 'zod';

import { evidencePageSlugs } from '../findings/catalogue';
import { incidentSeverities, incidentStatuses } from '../incident-model';
import { riskLevels } from '../investigation-model';
import { epochMs, idParam, userRefSchema } from './common';
import { riskWeightsSchema } from './configuration';
import { eventRowSchema } from './findings/common';

/**
 * The parts of the risk score, one per weight of the configuration screen, so every weight
 * there has a part here to change (and a test that checks it does).
 */
export const riskPartIds = riskWeightsSchema.keyof().options;
export type RiskPartId = (typeof riskPartIds)[number];

/** What each part is called, on the risk panel and beside its weight on the configuration screen. */
export const riskPartLabels: Record<RiskPartId, string> = {
  incidents: 'Incidents',
  exfiltration: 'External transfers',
  afterHours: 'After-hours activity',
  securityHygiene: 'Security hygiene',
  accessRequests: 'Access requests',
  departure: 'Departure',
};

/** The most event ids a part carries; `eventCount` says how many there are in all. */
export const RISK_EVENT_IDS_MAX = 100;

/**
 * How the events behind a part are chosen, so `GET /investigations/{id}/risk/{part}/events`
 * lists exactly the events the part counted, with the settings of the run that counted them:
 * the timelines of the counted incidents; the external transfers, or the actions outside
 * working hours (the subject's zone as a fixed offset, and their hours), in [from, to); the
 * security hygiene events (activities, flagged commands, the last check-in of unmanaged
 * devices); or a list of event ids (a departure's HR events, flagged access requests).
 */
export const riskEventSelectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('incidents'), incidentIds: z.array(z.string()) }),
  z.object({ kind: z.literal('transfers'), from: epochMs, to: epochMs }),
  z.object({
    kind: z.literal('afterHours'),
    from: epochMs,
    to: epochMs,
    offsetMs: z.number().int(),
    /**
     * The subject's zone: the hours are read on their clock over the span, daylight saving
     * included, as the working hours page reads them. Parts scored before it was recorded
     * read the fixed `offsetMs`.
     */
    timezone: z.string().optional(),
    startHour: z.number().int(),
    endHour: z.number().int(),
    /**
     * Device check-ins and HR records count too: a case's score counts what its working hours
     * page counts (a person's score, outside a case, counts their own actions only).
     */
    systemRecords: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('hygiene'),
    from: epochMs,
    to: epochMs,
    activities: z.array(z.string()),
    commandPatterns: z.array(z.string()),
    unmanagedDevices: z.boolean(),
  }),
  z.object({ kind: z.literal('ids'), ids: z.array(z.string()) }),
]);
export type RiskEventSelection = z.infer<typeof riskEventSelectionSchema>;

/** What a part was computed from, so an investigator can open it and check. */
export const riskEvidenceSchema = z.object({
  /** The incidents the part counted (none for parts that read events directly). */
  incidents: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      severity: z.enum(incidentSeverities),
      status: z.enum(incidentStatuses),
      eventCount: z.number().int(),
    }),
  ),
  /**
   * How many of the subject's events are behind the part: exactly the rows its drill-down
   * (`events`, listed by GET /investigations/{id}/risk/{part}/events) returns.
   */
  eventCount: z.number().int().min(0),
  /** The first of those events (newest first), at most RISK_EVENT_IDS_MAX. */
  eventIds: z.array(z.string()),
  /** How those events are chosen; null when no event is behind the part. */
  events: riskEventSelectionSchema.nullable(),
  /** What was counted, line by line (a hygiene check, a flagged request…), with its events. */
  items: z.array(z.object({ label: z.string(), count: z.number().int().min(0) })),
  /** The evidence page that shows these events, when one does. */
  page: z.enum(evidencePageSlugs).nullable(),
});
export type RiskEvidence = z.infer<typeof riskEvidenceSchema>;

/** One part of the risk score, the sentence that explains it and the evidence behind it. */
export const riskPartSchema = z.object({
  id: z.enum(riskPartIds),
  label: z.string(),
  points: z.number(),
  /** The configured weight the part was multiplied by. */
  weight: z.number(),
  sentence: z.string(),
  evidence: riskEvidenceSchema,
});
export type RiskPart = z.infer<typeof riskPartSchema>;

/** GET /investigations/{id}/risk. */
export const riskReplySchema = z.object({
  pending: z.boolean(),
  /** The parts' points added up and capped at 100, rounded. */
  score: z.number().int().min(0).max(100),
  /** The parts' points added up before the cap (one decimal). */
  partsTotal: z.number().min(0),
  /** Whether the parts add up to more than 100, so the score shows the cap. */
  capped: z.boolean(),
  /** What the case shows: the computed level, or a higher one someone set by hand. */
  level: z.enum(riskLevels),
  computedLevel: z.enum(riskLevels),
  /** The level someone set by hand, if anyone did; null when only the evidence decides. */
  manualLevel: z.enum(riskLevels).nullable(),
  /** Who set the level by hand, and when (null when nobody did). */
  manualSetBy: userRefSchema.nullable(),
  manualSetAt: epochMs.nullable(),
  parts: z.array(riskPartSchema),
  computedAt: epochMs.nullable(),
});
export type RiskReply = z.infer<typeof riskReplySchema>;

/** `{ id, part }` of GET /investigations/{id}/risk/{part}/events. */
export const riskPartEventsParams = z.object({ id: idParam, part: z.enum(riskPartIds) });

/** GET /investigations/{id}/risk/{part}/events: newest first, cursor-paged. */
export const riskPartEventsQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * The events behind one part of the last assessment, newest first. `total` (on the first page)
 * is how many there are in all, which is the part's `eventCount`.
 */
export const riskPartEventsReplySchema = z.object({
  part: z.enum(riskPartIds),
  rows: z.array(eventRowSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nullable(),
});
export type RiskPartEventsReply = z.infer<typeof riskPartEventsReplySchema>;
