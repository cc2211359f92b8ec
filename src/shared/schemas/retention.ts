import { z } from 'zod';

import { epochMs, userRefSchema } from './common';
import { retentionSchema } from './privacy';

/** A legal hold on a case: kept past retention until lifted. */
export const legalHoldSchema = z.object({
  at: epochMs,
  by: userRefSchema,
  reason: z.string(),
});
export type LegalHold = z.infer<typeof legalHoldSchema>;

/** PUT and DELETE /investigations/{id}/legal-hold: why the hold is placed or lifted. */
export const legalHoldBodySchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why, in a sentence: the case history keeps it.')
    .max(2000, 'The reason is longer than 2,000 characters.'),
});

/** What one retention run removed and kept (the `retention.run` audit entry's details). */
export const retentionRunSchema = z.object({
  /** Names the run's `retention.start` and `retention.batch` entries (runs before issue 23: none). */
  runId: z.string().optional(),
  startedAt: epochMs,
  finishedAt: epochMs,
  /** The periods the run applied. */
  periods: retentionSchema,
  /** What is older than these instants was removed (legal holds and open cases excepted). */
  cutoffs: z.object({ events: epochMs, closedCases: epochMs, audit: epochMs }),
  removed: z.object({
    events: z.number().int(),
    alertEvents: z.number().int(),
    incidentEvents: z.number().int(),
    cases: z.number().int(),
    auditEntries: z.number().int(),
    personViews: z.number().int(),
    /** Quarantined records set aside before the events cut-off (runs before issue 26: none). */
    quarantined: z.number().int().default(0),
  }),
  /** Employees whose rollups were trimmed or queued for a rebuild. */
  rollupsRefreshed: z.number().int(),
  /** Cases on legal hold that kept something past retention: their ids. */
  keptByHold: z.array(z.string()),
  /** Cases not closed whose subject's events in the window were kept past the events period. */
  keptByOpenCase: z.array(z.string()),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;

/** GET|PUT /privacy/retention: the periods, and what the last run did. */
export const retentionReplySchema = retentionSchema.extend({
  lastRun: retentionRunSchema.nullable(),
});
export type RetentionReply = z.infer<typeof retentionReplySchema>;

/** GET /privacy/retention/preview: what a run now would remove, counted, nothing removed. */
export const retentionPreviewSchema = z.object({
  periods: retentionSchema,
  cutoffs: z.object({ events: epochMs, closedCases: epochMs, audit: epochMs }),
  events: z.number().int(),
  cases: z.number().int(),
  auditEntries: z.number().int(),
  /** Quarantined records set aside before the events cut-off. */
  quarantined: z.number().int(),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;
