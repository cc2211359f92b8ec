import { z } from 'zod';

import { employeeRefSchema } from './employees';
import { eventRowSchema } from './findings/common';

/** The shortest text an event search takes: one letter would match nearly every event. */
export const EVENT_SEARCH_MIN_LENGTH = 2;
/** The longest: more is a paste by mistake, not a word from a case. */
export const EVENT_SEARCH_MAX_LENGTH = 100;

/** GET /search/events?q=&cursor=&limit=: events of the caller's cases whose text holds q. */
export const eventSearchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(
      EVENT_SEARCH_MIN_LENGTH,
      `must be at least ${EVENT_SEARCH_MIN_LENGTH} characters: type more of the word to find`,
    )
    .max(
      EVENT_SEARCH_MAX_LENGTH,
      `must be at most ${EVENT_SEARCH_MAX_LENGTH} characters: search for a word or a name, not a passage`,
    ),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type EventSearchQuery = z.infer<typeof eventSearchQuerySchema>;

/** The case an event was found in: enough to label the hit and open it there. */
export const eventSearchCaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  subject: employeeRefSchema,
});

/** One event found, with its case. */
export const eventSearchHitSchema = z.object({
  investigation: eventSearchCaseSchema,
  event: eventRowSchema,
});
export type EventSearchHit = z.infer<typeof eventSearchHitSchema>;

/**
 * One page of hits, case by case (the cases most recently updated first), each case's events
 * newest first; `nextCursor` asks for the page after, null when there is none.
 */
export const eventSearchReplySchema = z.object({
  hits: z.array(eventSearchHitSchema),
  nextCursor: z.string().nullable(),
});
export type EventSearchReply = z.infer<typeof eventSearchReplySchema>;
