import { z } from 'zod';

import { epochMs } from '../common';

/**
 * `?window=`: how much of the investigation's window a finding covers, counted back from its
 * end: `all` (the default) or a number of days such as `30d`.
 */
export const findingWindowParam = z
  .string()
  .max(10)
  .regex(
    /^(all|([1-9]\d{0,2})d)$/,
    'must be "all" or a number of days from 1 to 999 followed by d, such as 30d',
  )
  .refine((value) => value === 'all' || Number(value.slice(0, -1)) <= 366, {
    message: 'must be at most 366d',
  });

/** The optional window query most findings take. */
export const windowQuerySchema = z.strictObject({ window: findingWindowParam.optional() });

/** The time span a finding covers (UTC epoch ms, end exclusive). */
export const findingWindowSchema = z.object({ start: epochMs, end: epochMs });

/** How much a finding matters. */
export const severities = ['none', 'low', 'medium', 'high', 'critical'] as const;
export const severitySchema = z.enum(severities);
export type Severity = z.infer<typeof severitySchema>;

/** One event as a finding lists it: enough to read it and to open its raw record. */
export const eventRowSchema = z.object({
  /** The event id, for GET /investigations/{id}/events/{eventId}. */
  id: z.string(),
  time: epochMs,
  source: z.string(),
  category: z.string(),
  activity: z.string(),
  action: z.string(),
  outcome: z.string(),
  app: z.string().nullable(),
  target: z.string().nullable(),
  fileName: z.string().nullable(),
  fileLabel: z.string().nullable(),
  destination: z.string().nullable(),
  device: z.string().nullable(),
  /** One line a person reads: "Downloaded Q3 plan.xlsx from SharePoint". */
  summary: z.string(),
});
export type EventRow = z.infer<typeof eventRowSchema>;

/** A day and a count, for volume charts. */
export const dayCountSchema = z.object({ date: z.string(), count: z.number().int() });
