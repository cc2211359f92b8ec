import { z } from 'zod';

import { epochMs, timeQuery } from './common';
import { employeeRefSchema } from './employees';
import { eventRowSchema } from './findings/common';

/** The longest hunting query taken. */
export const HUNT_QUERY_MAX = 4_000;

/** The query and time every hunting endpoint reads; `from`/`to` default to the last 30 days. */
const huntScopeShape = {
  /** Lucene/KQL: `field:value`, phrases, `*`, ranges, AND, OR, NOT, parentheses, bare words. */
  q: z.string().max(HUNT_QUERY_MAX).optional(),
  /** ISO 8601 or epoch ms. */
  from: timeQuery.optional(),
  to: timeQuery.optional(),
};

/** The columns the grid sorts by on the server (`-` first: descending). */
export const huntSorts = [
  'time',
  'source',
  'category',
  'activity',
  'outcome',
  'app',
  'fileName',
  'destination',
  'device',
  'person',
] as const;

const sortParam = z
  .string()
  .regex(
    new RegExp(`^-?(${huntSorts.join('|')})$`),
    `must be one of ${huntSorts.join(', ')}, with - first for descending.`,
  );

/** GET /hunt/events. */
export const huntEventsQuerySchema = z.strictObject({
  ...huntScopeShape,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Default `-time`: newest first. */
  sort: sortParam.default('-time'),
});
export type HuntEventsQuery = z.infer<typeof huntEventsQuerySchema>;

/** An event found by a hunt: a timeline row with the person it is about (pseudonymized). */
export const huntRowSchema = eventRowSchema.extend({
  person: employeeRefSchema.nullable(),
});
export type HuntRow = z.infer<typeof huntRowSchema>;

/** The hunt counts exactly up to this many events; past it `totalIsLowerBound` says so. */
export const HUNT_EXACT_TOTAL = 100_000;

export const huntEventsReplySchema = z.object({
  total: z.number().int(),
  /** True when there are more than `total` (counting stopped at HUNT_EXACT_TOTAL). */
  totalIsLowerBound: z.boolean(),
  rows: z.array(huntRowSchema),
  /** The cursor of the next page, or null. */
  next: z.string().nullable(),
  /** The time range searched, after defaults: [from, to). */
  range: z.object({ from: epochMs, to: epochMs }),
});
export type HuntEventsReply = z.infer<typeof huntEventsReplySchema>;

/** The facets the screen shows. */
export const huntFacetFields = [
  'person',
  'source',
  'category',
  'activity',
  'file.destination',
  'file.label',
  'app',
] as const;
export type HuntFacetField = (typeof huntFacetFields)[number];

/** GET /hunt/facets. */
export const huntFacetQuerySchema = z.strictObject({
  ...huntScopeShape,
  field: z.enum(huntFacetFields),
});

export const huntFacetReplySchema = z.object({
  field: z.enum(huntFacetFields),
  values: z.array(
    z.object({
      /** What to write after `field:` to search for it. */
      value: z.string(),
      /** What a person reads: the value, or the person's pseudonym. */
      label: z.string(),
      count: z.number().int(),
    }),
  ),
});
export type HuntFacetReply = z.infer<typeof huntFacetReplySchema>;

/** GET /hunt/histogram. */
export const huntHistogramQuerySchema = z.strictObject(huntScopeShape);

export const huntHistogramReplySchema = z.object({
  bucketMs: z.number().int(),
  range: z.object({ from: epochMs, to: epochMs }),
  /** Only buckets with events, in time order. */
  buckets: z.array(z.object({ start: epochMs, count: z.number().int() })),
});
export type HuntHistogramReply = z.infer<typeof huntHistogramReplySchema>;

/** GET /hunt/events/{id}: one event found by a hunt, with its raw record. */
export const huntEventReplySchema = huntRowSchema.extend({ raw: z.unknown() });
export type HuntEventReply = z.infer<typeof huntEventReplySchema>;

/** A time choice a saved search keeps: a span back from now, or fixed ends. */
export const huntTimeSchema = z.union([
  z.object({ last: z.enum(['24h', '7d', '30d', '90d']) }),
  z.object({ from: epochMs, to: epochMs }),
]);
export type HuntTime = z.infer<typeof huntTimeSchema>;

const savedName = z.string().trim().min(1, 'A saved search needs a name.').max(120);

/** POST /hunt/saved. */
export const savedHuntCreateSchema = z.strictObject({
  name: savedName,
  description: z.string().trim().max(2_000).default(''),
  query: z.string().max(HUNT_QUERY_MAX),
  time: huntTimeSchema.default({ last: '30d' }),
  /** `private`: only its author sees it; `shared`: everyone who may hunt. */
  visibility: z.enum(['private', 'shared']).default('private'),
});

/** PATCH /hunt/saved/{id}. */
export const savedHuntUpdateSchema = z.strictObject({
  name: savedName.optional(),
  description: z.string().trim().max(2_000).optional(),
  query: z.string().max(HUNT_QUERY_MAX).optional(),
  time: huntTimeSchema.optional(),
  visibility: z.enum(['private', 'shared']).optional(),
});

export const savedHuntSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  query: z.string(),
  time: huntTimeSchema,
  visibility: z.enum(['private', 'shared']),
  /** Whether the caller wrote it (only its author edits or deletes it). */
  mine: z.boolean(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type SavedHunt = z.infer<typeof savedHuntSchema>;

export const savedHuntListSchema = z.object({ searches: z.array(savedHuntSchema) });

/** GET /hunt/saved/{id}/rule: the search as a detection rule, in both formats. */
export const savedHuntRuleSchema = z.object({
  /** Vigil JSON rule text, ready for Add Detection Rule (tested there before it is enabled). */
  vigil: z.string(),
  /** The same as a Sigma rule (YAML). */
  sigma: z.string(),
});
export type SavedHuntRule = z.infer<typeof savedHuntRuleSchema>;
