import { z } from 'zod';

import { epochMs, timeQuery } from '../common';
import { eventRowSchema, findingWindowSchema } from './common';

/** One application the subject signed in to. */
export const appAccessRowSchema = z.object({
  app: z.string(),
  accesses: z.number().int(),
  failures: z.number().int(),
  distinctDays: z.number().int(),
  firstSeen: epochMs,
  lastSeen: epochMs,
  /** Never used before the window (or in its first two weeks when there is no earlier data). */
  newInWindow: z.boolean(),
  /**
   * New and flagged for it: no one else in the subject's department uses it. What the "New
   * applications" figure counts, and what the table's flag says.
   */
  newFlagged: z.boolean(),
  /** Share of accesses outside the subject's working hours, 0 to 1. */
  offHoursShare: z.number(),
  /**
   * Worth a look: new and used by no one else in the subject's department, mostly used off
   * hours, or with repeated failed sign-ins (`reasons` says which).
   */
  flagged: z.boolean(),
  reasons: z.array(z.string()),
});
export type AppAccessRow = z.infer<typeof appAccessRowSchema>;

/** GET findings/app-access. `pending` while the analysis runs: the lists are then empty. */
export const appAccessReplySchema = z.object({
  pending: z.boolean(),
  window: findingWindowSchema,
  apps: z.array(appAccessRowSchema),
});
export type AppAccessReply = z.infer<typeof appAccessReplySchema>;

/** GET findings/app-access/stats. */
export const appAccessStatsSchema = z.object({
  pending: z.boolean(),
  window: findingWindowSchema,
  accesses: z.number().int(),
  apps: z.number().int(),
  /** Applications flagged as new (`newFlagged` rows of findings/app-access). */
  newApps: z.number().int(),
  failures: z.number().int(),
  offHoursShare: z.number(),
  /** Accesses outside `workingHours` in the subject's zone (weekday evenings, nights, weekends). */
  offHoursEvents: z.number().int(),
  /** The subject's working hours (declared, else the configured default) off-hours are measured against. */
  workingHours: z.object({ startHour: z.number().int(), endHour: z.number().int() }),
  busiestDay: z.object({ date: z.string(), accesses: z.number().int() }).nullable(),
});
export type AppAccessStats = z.infer<typeof appAccessStatsSchema>;

/** GET findings/app-access/daily-chart: accesses per day for the busiest apps (the rest as Other). */
export const appAccessDailyChartSchema = z.object({
  pending: z.boolean(),
  window: findingWindowSchema,
  days: z.array(z.string()),
  series: z.array(z.object({ app: z.string(), counts: z.array(z.number().int()) })),
});
export type AppAccessDailyChart = z.infer<typeof appAccessDailyChartSchema>;

/** GET findings/app-access/accesses: optional app, startDate, endDate; cursor paging. */
export const appAccessesQuerySchema = z.strictObject({
  app: z.string().min(1).max(200).optional(),
  startDate: timeQuery.optional(),
  endDate: timeQuery.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** One page of app accesses, newest first. */
export const appAccessesReplySchema = z.object({
  pending: z.boolean(),
  rows: z.array(eventRowSchema.extend({ offHours: z.boolean() })),
  nextCursor: z.string().nullable(),
});
export type AppAccessesReply = z.infer<typeof appAccessesReplySchema>;
