import { z } from 'zod';

import { evidencePageSlugs } from '../../findings/catalogue';
import { timelineLinkSchema } from '../subject-timeline';
import { findingWindowSchema, severitySchema } from './common';

/** The evidence pages a count or a suggestion can point to. */
export const evidencePageSchema = z.enum(evidencePageSlugs as [string, ...string[]]);

/** GET /investigations/{id}/summary: the narrative and its key figures. */
export const summaryReplySchema = z.object({
  window: findingWindowSchema,
  narrative: z.array(z.string()),
  figures: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      value: z.number(),
      unit: z.string().nullable(),
      page: evidencePageSchema.nullable(),
      severity: severitySchema,
      /** The events the figure counts, as subject timeline filters; null when it counts something else. */
      events: timelineLinkSchema.nullable(),
    }),
  ),
  activity: z.object({
    events: z.number().int(),
    activeDays: z.number().int(),
    firstSeen: z.number().nullable(),
    lastSeen: z.number().nullable(),
  }),
});
export type SummaryReply = z.infer<typeof summaryReplySchema>;

/** GET /investigations/{id}/evidence/anomaly-counts: the badge of each evidence page. */
export const anomalyCountsReplySchema = z.object({
  window: findingWindowSchema,
  counts: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export type AnomalyCountsReply = z.infer<typeof anomalyCountsReplySchema>;

/** GET /investigations/{id}/remediation-suggestions: ordered actions, each answering a finding. */
export const remediationReplySchema = z.object({
  suggestions: z.array(
    z.object({
      id: z.string(),
      priority: z.number().int(),
      severity: severitySchema,
      action: z.string(),
      rationale: z.string(),
      finding: z.object({ page: evidencePageSchema, title: z.string() }),
    }),
  ),
});
export type RemediationReply = z.infer<typeof remediationReplySchema>;
