import { z } from 'zod';

import { activities, eventCategories, eventSources, outcomes } from '../events';
import { eventRowSchema, findingWindowSchema } from './findings/common';

const known = (list: readonly string[]) => new Set(list);
const SOURCES = known(eventSources);
const ACTIVITIES = known(activities);

/** Up to `max` values separated by commas, each one of `allowed`, named in the sentence. */
function commaList(what: string, allowed: Set<string>, max: number) {
  return z
    .string()
    .max(600)
    .transform((text, ctx) => {
      const values = [...new Set(text.split(',').map((v) => v.trim()))];
      const unknown = values.find((v) => !allowed.has(v));
      if (unknown !== undefined || values.length > max) {
        ctx.addIssue({
          code: 'custom',
          message:
            unknown !== undefined
              ? `"${unknown}" is not ${what}: use one of ${[...allowed].join(', ')}, or several separated by commas.`
              : `names more than ${max} values: narrow it down.`,
        });
        return z.NEVER;
      }
      return values;
    });
}

/**
 * GET /investigations/{id}/timeline/events: every event of the subject in the case's window,
 * across sources, time ascending by default, narrowed by these filters (all of them at once).
 */
export const timelineQuerySchema = z.strictObject({
  /** One log source (okta, m365, …) or several separated by commas. */
  source: commaList('a log source', SOURCES, eventSources.length).optional(),
  category: z.enum(eventCategories).optional(),
  /** One normalized activity (file_download, …) or several separated by commas. */
  activity: commaList('a normalized activity', ACTIVITIES, 20).optional(),
  /**
   * A sensitivity label of the configuration, Unlabeled for file events without one, or several
   * separated by commas.
   */
  label: z
    .string()
    .max(600)
    .transform((text) => [...new Set(text.split(',').map((v) => v.trim()))].filter(Boolean))
    .optional(),
  /** Where data went (usb, personal_email, cloud, …), or several separated by commas. */
  destination: z
    .string()
    .max(300)
    .regex(
      /^[a-z_]+(,[a-z_]+){0,19}$/,
      'must be a destination such as usb or personal_email, or several separated by commas',
    )
    .transform((text) => [...new Set(text.split(','))])
    .optional(),
  app: z.string().max(200).optional(),
  outcome: z.enum(outcomes).optional(),
  /** Words in names, subjects, recipients, messages, targets, repositories and commands. */
  q: z.string().max(200).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  sort: z.enum(['time', '-time']).default('time'),
  /** The nextCursor of the previous page; to start at a time T, the client may write (T, 0). */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type TimelineQuery = z.output<typeof timelineQuerySchema>;

/**
 * The events behind a figure, as the subject timeline's filters (lists comma-separated): a
 * figure carrying one opens the timeline on exactly the events it counts.
 */
export const timelineLinkSchema = z.object({
  source: z.string().optional(),
  category: z.string().optional(),
  activity: z.string().optional(),
  label: z.string().optional(),
  destination: z.string().optional(),
  app: z.string().optional(),
  outcome: z.string().optional(),
});
export type TimelineLink = z.infer<typeof timelineLinkSchema>;

/** One value of a filter present in the range, with how many events carry it. */
export const facetSchema = z.object({
  value: z.string(),
  /** Null for a source of a range too large to count them in (no rollup keeps the source). */
  count: z.number().int().nullable(),
});
export type Facet = z.infer<typeof facetSchema>;

/** One page of the subject timeline. */
export const timelineReplySchema = z.object({
  rows: z.array(eventRowSchema),
  nextCursor: z.string().nullable(),
  /**
   * The events the filters match in the range, with the first page only (no cursor); null on
   * the pages after it, and when counting would cost too much (a text search, or more than
   * 10,000 events in the range with a filter on the source, app, outcome or unlabelled files).
   */
  total: z.number().int().nullable(),
  /** The range listed: the case's window narrowed by from and to. */
  range: findingWindowSchema,
  /**
   * The values each filter can take in the range (from and to applied, no other filter),
   * busiest first, each with its number of events. Sent with the first page only (no cursor);
   * null on the pages after it.
   */
  facets: z
    .object({
      sources: z.array(facetSchema),
      activities: z.array(facetSchema),
      labels: z.array(facetSchema),
    })
    .nullable(),
});
export type TimelineReply = z.infer<typeof timelineReplySchema>;
