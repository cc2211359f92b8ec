import { queryOptions, useQuery } from '@tanstack/react-query';

import { listWatchlistsReplySchema } from '../../../shared/schemas/watchlists';
import { request } from '../http-client';
import { watchlistKeys } from './keys';

/** GET /watchlists: the derived lists (departing, new hires, privileged) and the kept ones. */
export function fetchWatchlists(signal?: AbortSignal) {
  return request('/watchlists', { schema: listWatchlistsReplySchema, signal });
}

export const watchlistsQuery = () =>
  queryOptions({
    queryKey: watchlistKeys.list(),
    queryFn: ({ signal }) => fetchWatchlists(signal),
  });

export function useWatchlists(options: { enabled?: boolean } = {}) {
  return useQuery({ ...watchlistsQuery(), enabled: options.enabled ?? true });
}
