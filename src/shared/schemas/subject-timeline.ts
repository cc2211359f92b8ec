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
              ? `One of the values is not ${what}: use one of ${[...allowed].join(', ')}, or several separated by commas.`
              : `names more than ${max} values: narrow it down.`,
        });
        return z.NEVER;
      }
      return values;
    });
}

/** A whole number in a range, from a query string, said in a sentence when it is not one. */
function wholeNumber(what: string, min: number, max: number) {
  const message = `must be ${what}: a whole number from ${min} to ${max}.`;
  return z
    .string()
    .regex(/^\d{1,2}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
}

/** Working hours as `START-END` (`9-17`: from 9:00 up to 17:00; `22-6` for a night shift). */
const hoursText = z
  .string()
  .regex(/^\d{1,2}-\d{1,2}$/, 'must be working hours as START-END, such as 9-17.')
  .transform((text) => {
    const [startHour, endHour] = text.split('-').map(Number) as [number, number];
    return { startHour, endHour };
  })
  .refine(
    (h) => h.startHour <= 23 && h.endHour >= 1 && h.endHour <= 24 && h.startHour !== h.endHour,
    'must be working hours as START-END, each from 0 to 24 and not the same, such as 9-17.',
  );

/**
 * The off-hours share as a whole percent, from the counts (not the reply's rounded share, which
 * turned 82 of 864 into 10%): the locker's figure, its sentence, the working hours page and the
 * risk panel all print this one number beside "82 of 864".
 */
export function offHoursPercent(hours: { offHoursEvents: number; totalEvents: number }): number {
  return hours.totalEvents > 0 ? Math.round((hours.offHoursEvents / hours.totalEvents) * 100) : 0;
}

/** Working hours as the timeline's `offHours` takes them (`9-17`). */
export function offHoursOf(hours: { startHour: number; endHour: number }): string {
  return `${hours.startHour}-${hours.endHour}`;
}

/** Up to `max` values separated by commas, each matching `pattern` (named in the sentence). */
function listOf(what: string, pattern: RegExp, max: number) {
  return z
    .string()
    .max(max * 40)
    .transform((text, ctx) => {
      const values = [...new Set(text.split(',').map((v) => v.trim()))];
      const bad = values.find((v) => !pattern.test(v));
      if (bad !== undefined || values.length > max) {
        ctx.addIssue({
          code: 'custom',
          message:
            bad !== undefined
              ? `One of the values is not ${what}.`
              : `names more than ${max} values: narrow it down.`,
        });
        return z.NEVER;
      }
      return values;
    });
}

/** Flags the analysis sets on events (event_flags), each optionally narrowed to one detail. */
export const timelineFlags = ['external_email', 'competitor', 'command'] as const;

/** Which file movements `files` keeps: the file-access page's (see timelineQuerySchema.files). */
export const fileScopes = ['all', 'leaving', 'staying'] as const;

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
  /**
   * Local time in the subject's zone (shared/time/local-time.ts): a weekday (1 Monday … 7
   * Sunday), an hour (0 … 23), either or both; each half hour counts where its start falls, as
   * the finding counts it, daylight-saving changes included.
   */
  weekday: wholeNumber('a weekday (1 Monday … 7 Sunday)', 1, 7).optional(),
  hour: wholeNumber('an hour of the day', 0, 23).optional(),
  /** Outside these working hours in the subject's zone (`9-17`): weekday evenings, nights and weekends. */
  offHours: hoursText.optional(),
  /** Local days of the subject's zone (YYYY-MM-DD), several separated by commas. */
  days: listOf('a date written YYYY-MM-DD', /^\d{4}-\d{2}-\d{2}$/, 120)
    .refine(
      (days) =>
        days.every((d) => {
          const time = Date.parse(`${d}T00:00:00Z`);
          // Date.parse reads 2026-02-31 as 3 March: only a date that reads back as written exists.
          return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === d;
        }),
      { message: 'names a date that does not exist.' },
    )
    .optional(),
  /**
   * File movements as the file-access page counts them: `all` file events and the mails and
   * chat shares that carried a file out; `leaving` those that left company storage (they name
   * a destination); `staying` the file events that did not.
   */
  files: z.enum(fileScopes, { message: `must be one of ${fileScopes.join(', ')}.` }).optional(),
  /**
   * Events the analysis flagged: external_email, competitor or command, and for command one
   * pattern after a colon (command:encoded-command).
   */
  flag: z
    .string()
    .regex(
      new RegExp(`^(${timelineFlags.join('|')})(:[a-z0-9-]{1,60})?$`),
      `must be one of ${timelineFlags.join(', ')}, or command:PATTERN.`,
    )
    .transform((text) => {
      const [name, detail] = text.split(':') as [(typeof timelineFlags)[number], string?];
      return { name, ...(detail ? { detail } : {}) };
    })
    .optional(),
  /** `1`: only mail carrying attachments. */
  attachments: z
    .enum(['1'], { message: 'must be 1 (mail with attachments) or left out.' })
    .optional(),
  /** Words in the process name (powershell,pwsh), any of them, case aside. */
  process: listOf('a word of a process name', /^[\w.-]{1,60}$/, 10).optional(),
  /**
   * People, addresses and channels the subject wrote to, shared with or posted in, by the keys
   * the contact graph gives them (a key names no one: it survives pseudonymization).
   */
  counterpart: listOf('a contact key from the contact graph', /^c-[0-9a-z]{8}$/, 200).optional(),
  /** Events by id, several separated by commas: a figure counted in code rather than by columns. */
  ids: listOf('an event id', /^[1-9]\d{0,15}$/, 500)
    .transform((ids) => ids.map(Number))
    .optional(),
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
  weekday: z.string().optional(),
  hour: z.string().optional(),
  offHours: z.string().optional(),
  days: z.string().optional(),
  files: z.string().optional(),
  flag: z.string().optional(),
  attachments: z.string().optional(),
  process: z.string().optional(),
  counterpart: z.string().optional(),
  ids: z.string().optional(),
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
  /** The subject's time zone, in which weekday, hour, offHours and days are read. */
  timezone: z.string(),
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
