import { z } from 'zod';

import { eventCategories } from '../../events';
import { epochMs, idParam } from '../common';
import { eventRowSchema } from './common';

/** GET /investigations/{id}/events: the subject's raw events in the window, filtered and paged. */
export const eventsQuerySchema = z.strictObject({
  category: z.enum(eventCategories).optional(),
  /** One normalized activity, or several separated by commas (a drill-down from all deletions). */
  activity: z
    .string()
    .max(300)
    .regex(
      /^[a-z_]+(,[a-z_]+){0,9}$/,
      'must be a normalized activity such as file_download, or up to ten separated by commas',
    )
    .optional(),
  app: z.string().max(200).optional(),
  q: z.string().max(200).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  sort: z.enum(['time', '-time']).default('-time'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

/** One page of events. */
export const eventsReplySchema = z.object({
  rows: z.array(eventRowSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nullable(),
});
export type EventsReply = z.infer<typeof eventsReplySchema>;

/** `{ id, eventId }`. */
export const eventParams = z.object({
  id: idParam,
  eventId: z.string().regex(/^\d{1,18}$/, 'eventId must be a number'),
});

/** GET /investigations/{id}/events/{eventId}: one event with every field and its raw record. */
export const eventDetailSchema = z.object({
  event: eventRowSchema,
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  attributes: z.record(z.string(), z.unknown()),
  raw: z.unknown(),
  ingestedAt: epochMs,
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
