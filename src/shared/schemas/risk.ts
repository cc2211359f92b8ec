import { z } from 'zod';

import { evidencePageSlugs } from '../findings/catalogue';
import { incidentSeverities, incidentStatuses } from '../incident-model';
import { riskLevels } from '../investigation-model';
import { epochMs, userRefSchema } from './common';
import { riskWeightsSchema } from './configuration';

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
  /** How many of the subject's events are behind the part. */
  eventCount: z.number().int().min(0),
  /** The first of those events (newest first), at most RISK_EVENT_IDS_MAX. */
  eventIds: z.array(z.string()),
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
