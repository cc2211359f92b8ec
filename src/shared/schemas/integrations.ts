import { z } from 'zod';

import { eventSources } from '../events';
import { collectionSummarySchema } from './collection';
import { epochMs } from './common';

/** How records of an upload or push are laid out; `auto` sniffs it from the first bytes. */
export const integrationFramings = ['auto', 'ndjson', 'json-array', 'json-wrapper', 'csv'] as const;

/** Settings of one source. Every field has a default, so `{}` is valid. */
export const integrationOptionsSchema = z.strictObject({
  framing: z.enum(integrationFramings).default('auto'),
  /** Windows drive letters treated as removable media (endpoint sources). */
  removableDrives: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]:$/, 'is not a drive letter such as E:'),
    )
    .max(24)
    .optional(),
  /**
   * Kinds of records dropped on purpose, like Winlogbeat's event_id filter: an event whose
   * action is the kind or starts with it ("Sysmon 7" drops "Sysmon 7 image load"). Counted per
   * kind in each batch's summary. Default: none.
   */
  dropKinds: z
    .array(z.string().trim().min(1, 'is empty').max(100, 'is longer than 100 characters'))
    .max(200)
    .optional(),
  /** Records without a time: set aside in quarantine (default), or given the time received. */
  undatedRecords: z.enum(['quarantine', 'time-received']).optional(),
});
export type IntegrationOptions = z.output<typeof integrationOptionsSchema>;

/** A rejected record: its position in the input and why. */
export const ingestErrorSchema = z.object({ position: z.number().int(), reason: z.string() });
export type IngestErrorItem = z.infer<typeof ingestErrorSchema>;

export const ingestVias = ['push', 'upload', 'cli', 'generator', 'collector', 'retry'] as const;

/** What an upload or push reads its records as: a source, or `auto` to tell each record's. */
export const ingestSourceSchema = z.enum(
  ['auto', ...eventSources],
  'is not a source Vigil reads (or auto); see GET /integrations/sources.',
);

/** The query of a push or upload: `?source=okta`, or nothing (or `auto`) to detect the format. */
export const ingestQuerySchema = z.strictObject({ source: ingestSourceSchema.default('auto') });

/** Well-formed records not turned into events, counted by kind: "Sysmon 7 image load: not used by any finding". */
export const skipCountSchema = z.object({ reason: z.string(), count: z.number().int() });
export type SkipCount = z.infer<typeof skipCountSchema>;

/** How many records of a batch were read as each format (one entry unless the file mixed them). */
export const formatCountSchema = z.object({
  source: z.enum(eventSources),
  label: z.string(),
  records: z.number().int(),
});
export type FormatCount = z.infer<typeof formatCountSchema>;

/** What an integration remembers of its last ingest. */
export const syncStatusSchema = z.object({
  status: z.enum(['succeeded', 'rejected', 'failed']),
  runId: z.number().int(),
  via: z.enum(ingestVias),
  at: epochMs,
  records: z.number().int(),
  accepted: z.number().int(),
  duplicate: z.number().int(),
  rejected: z.number().int(),
  skipped: z.number().int().default(0),
  skips: z.array(skipCountSchema).default([]),
  formats: z.array(formatCountSchema).default([]),
  quarantined: z.number().int().default(0),
  quarantines: z.array(skipCountSchema).default([]),
  message: z.string().nullable(),
  errors: z.array(ingestErrorSchema),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** The state shown in the list: disabled, never synced, or the outcome of the last sync. */
export const integrationStates = [
  'disabled',
  'waiting',
  'succeeded',
  'rejected',
  'failed',
] as const;
export type IntegrationState = (typeof integrationStates)[number];

/** An integration as the API shows it: never its token, only the token's last characters. */
export const integrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(eventSources),
  kindLabel: z.string(),
  enabled: z.boolean(),
  state: z.enum(integrationStates),
  options: integrationOptionsSchema,
  tokenHint: z.string().nullable(),
  eventCount: z.number().int(),
  lastSyncAt: epochMs.nullable(),
  lastSync: syncStatusSchema.nullable(),
  /** Its collector's health; null when Vigil was never set to collect it by itself. */
  collection: collectionSummarySchema.nullable(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type Integration = z.infer<typeof integrationSchema>;

export const listIntegrationsReplySchema = z.object({ integrations: z.array(integrationSchema) });

const name = z
  .string()
  .trim()
  .min(1, 'Give the integration a name.')
  .max(100, 'The name is longer than 100 characters.');

export const createIntegrationBodySchema = z.strictObject({
  name,
  kind: z.enum(eventSources, 'is not a source Vigil reads; see GET /integrations/sources.'),
  enabled: z.boolean().default(true),
  options: integrationOptionsSchema.default({ framing: 'auto' }),
});
export type CreateIntegrationBody = z.input<typeof createIntegrationBodySchema>;

export const updateIntegrationBodySchema = z
  .strictObject({
    name: name.optional(),
    enabled: z.boolean().optional(),
    options: integrationOptionsSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one of name, enabled or options.',
  });
export type UpdateIntegrationBody = z.input<typeof updateIntegrationBodySchema>;

/** The reply that carries a new ingest token: the only time the token is ever shown. */
export const integrationWithTokenSchema = z.object({
  integration: integrationSchema,
  token: z.string(),
});
export type IntegrationWithToken = z.infer<typeof integrationWithTokenSchema>;

/** The outcome of one batch (push, upload): counts of events and rejected records. */
export const ingestReplySchema = z.object({
  runId: z.number().int(),
  status: z.enum(['succeeded', 'rejected']),
  records: z.number().int(),
  accepted: z.number().int(),
  duplicate: z.number().int(),
  rejected: z.number().int(),
  skipped: z.number().int(),
  /** Skipped records by kind, most frequent first. */
  skips: z.array(skipCountSchema),
  /** The formats the records were read as, e.g. one "Windows events" entry for a detected file. */
  formats: z.array(formatCountSchema),
  /** Records that could not become events, set aside in the integration's quarantine. */
  quarantined: z.number().int(),
  /** The quarantined records by reason, most frequent first. */
  quarantines: z.array(skipCountSchema),
  /** The first 100 quarantined records (or the refused file's reason), with their positions. */
  errors: z.array(ingestErrorSchema),
  /** Set when the batch holds events older than the events period: when retention removes them. */
  warning: z.string().nullable().optional(),
  durationMs: z.number().int(),
});
export type IngestReply = z.infer<typeof ingestReplySchema>;

/** A rejected batch: the counts, the errors, and a sentence. */
export const ingestRejectedReplySchema = ingestReplySchema.extend({
  error: z.string(),
  message: z.string(),
});
export type IngestRejectedReply = z.infer<typeof ingestRejectedReplySchema>;

/** One past ingest of an integration. */
export const ingestRunSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  via: z.string(),
  status: z.enum(['running', 'succeeded', 'rejected', 'failed']),
  startedAt: epochMs,
  finishedAt: epochMs.nullable(),
  /** Records read; null for runs older than the count. */
  records: z.number().int().nullable(),
  accepted: z.number().int(),
  duplicate: z.number().int(),
  rejected: z.number().int(),
  skipped: z.number().int(),
  skips: z.array(skipCountSchema),
  formats: z.array(formatCountSchema),
  quarantined: z.number().int(),
  quarantines: z.array(skipCountSchema),
  errors: z.array(ingestErrorSchema),
  /** The batch's retention warning, if it had one (see the ingest reply). */
  warning: z.string().nullable().optional(),
});
export type IngestRun = z.infer<typeof ingestRunSchema>;

export const listIngestRunsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const listIngestRunsReplySchema = z.object({ runs: z.array(ingestRunSchema) });

/** A source Vigil can read, for the "Connect a source" form. */
export const sourceParserSchema = z.object({
  id: z.enum(eventSources),
  label: z.string(),
  description: z.string(),
  framings: z.array(z.string()),
});
export const listSourcesReplySchema = z.object({ sources: z.array(sourceParserSchema) });
