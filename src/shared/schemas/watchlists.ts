import { z } from 'zod';

import { epochMs, idParam } from './common';

/**
 * Watchlists: people detection watches more closely. Three are derived and always there:
 * departing employees (a resignation or departure date from HR, departure not over a month
 * ago), new hires (started in the last 90 days) and privileged users (performed admin actions:
 * granted admin rights or roles, created or changed accounts, in the last 90 days). Admins keep
 * other lists by hand.
 */
export const derivedWatchlists = ['departing', 'new-hires', 'privileged'] as const;
export type DerivedWatchlist = (typeof derivedWatchlists)[number];

export const derivedWatchlistTitles: Record<DerivedWatchlist, string> = {
  departing: 'Departing employees',
  'new-hires': 'New hires',
  privileged: 'Privileged users',
};

/** A watchlist id: a derived one, or a kept list's id. */
export const watchlistId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/, 'A watchlist id is lower-case letters, digits and dashes.');

export const watchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Derived from HR and events, or kept by hand. */
  kind: z.enum(['derived', 'kept']),
  members: z.number().int(),
  createdAt: epochMs.nullable(),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

export const listWatchlistsReplySchema = z.object({ watchlists: z.array(watchlistSchema) });

/** POST /watchlists: a list kept by hand, with its first members. */
export const createWatchlistBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the list.').max(100, 'A name is at most 100 characters.'),
  description: z.string().trim().max(1000).default(''),
  employeeIds: z.array(idParam).max(10_000).default([]),
});
export type CreateWatchlistBody = z.input<typeof createWatchlistBodySchema>;
