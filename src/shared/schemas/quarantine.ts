import { z } from 'zod';

import { epochMs } from './common';
import { ingestReplySchema, skipCountSchema } from './integrations';

/** The quarantine of command-line batches, which belong to no integration: `/integrations/command-line/quarantine`. */
export const COMMAND_LINE_QUARANTINE = 'command-line';

/** A record set aside because it could not become an event. */
export const quarantinedRecordSchema = z.object({
  id: z.number().int(),
  /** The batch (ingest run) it came in, and its line or element there. */
  runId: z.number().int(),
  position: z.number().int(),
  /** What the batch was read as: a source id or `auto`. */
  source: z.string(),
  reason: z.string(),
  /**
   * The record as read, cut at 1 MB. With `rawEncoding` `json` it is a JSON string literal:
   * the record held a NUL or a lone surrogate, shown escaped.
   */
  raw: z.string(),
  rawEncoding: z.enum(['text', 'json']),
  /** The record's size in bytes; above 1 MB `raw` holds its first megabyte. */
  rawBytes: z.number().int(),
  truncated: z.boolean(),
  quarantinedAt: epochMs,
});
export type QuarantinedRecord = z.infer<typeof quarantinedRecordSchema>;

/** A page of one quarantine: its reasons with counts, and records oldest first. */
export const listQuarantineQuerySchema = z.strictObject({
  /** Only records with this reason. */
  reason: z.string().max(2000).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const listQuarantineReplySchema = z.object({
  total: z.number().int(),
  /** Every reason with its count, most frequent first. */
  reasons: z.array(skipCountSchema),
  records: z.array(quarantinedRecordSchema),
  nextCursor: z.number().int().nullable(),
  /** True while a retry of this quarantine runs. */
  retrying: z.boolean(),
});
export type ListQuarantineReply = z.infer<typeof listQuarantineReplySchema>;

/** What "Try again" did: the batches it ran, and what is left. */
export const retryQuarantineReplySchema = z.object({
  /** Records re-read. */
  retried: z.number().int(),
  /** Of them, those that now became events (or duplicates, or were dropped on purpose). */
  released: z.number().int(),
  /** Records still in quarantine (the retried ones that failed again and those not retried). */
  remaining: z.number().int(),
  /** The runs of the retry, one per batch of records. */
  runs: z.array(ingestReplySchema),
});
export type RetryQuarantineReply = z.infer<typeof retryQuarantineReplySchema>;

/** Discarding a quarantined record needs a reason, kept in the audit log. */
export const discardQuarantinedBodySchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the record is discarded.')
    .max(500, 'The reason is longer than 500 characters.'),
});
