import { z } from 'zod';

import { epochMs } from '../common';
import { findingWindowSchema } from './common';

/** Working hours in the subject's zone, on weekdays. */
export const hoursSchema = z.object({ startHour: z.number().int(), endHour: z.number().int() });

/** GET findings/working-hours. */
export const workingHoursReplySchema = z.object({
  window: findingWindowSchema,
  timezone: z.string(),
  /** The hours off-hours are measured against: declared by HR, learned from activity, or the default. */
  baseline: hoursSchema.extend({ source: z.enum(['declared', 'learned', 'default']) }),
  declared: hoursSchema.nullable(),
  learned: hoursSchema.nullable(),
  /** Events per local weekday (0 Monday … 6 Sunday) and hour (0 … 23). */
  heatmap: z.array(z.array(z.number().int())),
  totalEvents: z.number().int(),
  offHoursEvents: z.number().int(),
  offHoursShare: z.number(),
  weeks: z.array(
    z.object({
      /** The local Monday the week starts on. */
      weekStart: z.string(),
      events: z.number().int(),
      offHours: z.number().int(),
      share: z.number(),
      /**
       * The local week (Monday to Sunday in the subject's zone) as an instant range within the
       * window, end exclusive: the subject's events in it are exactly the `events` counted.
       */
      from: epochMs,
      to: epochMs,
    }),
  ),
  /** Local days whose activity breaks the subject's usual pattern. */
  anomalousDays: z.array(
    z.object({
      date: z.string(),
      events: z.number().int(),
      offHours: z.number().int(),
      share: z.number(),
      firstHour: z.number().int(),
      lastHour: z.number().int(),
      /**
       * The local day as an instant range (epoch ms, end exclusive, within the window): the
       * subject's events in it are exactly the `events` counted, so a drill-down lists those.
       */
      from: epochMs,
      to: epochMs,
      reason: z.string(),
    }),
  ),
});
export type WorkingHoursReply = z.infer<typeof workingHoursReplySchema>;
