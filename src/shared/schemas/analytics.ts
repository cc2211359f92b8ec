import { z } from 'zod';

import { investigationTypes, riskLevels } from '../investigation-model';

/** /investigations/analytics/{count,active-count,high-risk-count,today-count}. */
export const countReplySchema = z.object({ count: z.number().int() });

/** `tz` is the caller's IANA time zone, so "today" means the caller's today. */
export const todayCountQuerySchema = z.strictObject({
  tz: z.string().max(64).default('UTC'),
});

export const riskDistributionReplySchema = z.object({
  buckets: z.array(z.object({ level: z.enum(riskLevels), count: z.number().int() })),
});

export const typeDistributionReplySchema = z.object({
  buckets: z.array(z.object({ type: z.enum(investigationTypes), count: z.number().int() })),
});

export const trendQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(366).default(30),
  tz: z.string().max(64).default('UTC'),
});

/** Investigations opened and closed per day, oldest first, one point per day of the range. */
export const trendReplySchema = z.object({
  points: z.array(
    z.object({ date: z.string(), opened: z.number().int(), closed: z.number().int() }),
  ),
});
