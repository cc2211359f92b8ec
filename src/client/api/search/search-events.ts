import { useInfiniteQuery } from '@tanstack/react-query';

import { EVENT_SEARCH_MIN_LENGTH, eventSearchReplySchema } from '../../../shared/schemas/search';
import { request } from '../http-client';

/** Hits asked for per page: a palette screenful and a little more. */
const PAGE_SIZE = 20;

/** Query keys of event searches. */
export const eventSearchKeys = {
  all: ['search', 'events'] as const,
  text: (q: string) => ['search', 'events', q] as const,
};

/** GET /search/events: one page of events from the caller's cases whose text holds q. */
export function searchEvents(q: string, cursor: string | null, signal?: AbortSignal) {
  return request('/search/events', {
    schema: eventSearchReplySchema,
    query: { q, cursor: cursor ?? undefined, limit: PAGE_SIZE },
    signal,
  });
}

/** Whether the server takes this text (shorter ones are refused). */
export function isEventSearchable(q: string): boolean {
  return q.trim().length >= EVENT_SEARCH_MIN_LENGTH;
}

/**
 * The pages of an event search, fetched one after another as the caller asks (fetchNextPage).
 * A page may end early (the server scans for a bounded time), so the next is asked for while
 * the end of the list is in view.
 */
export function useEventSearch(q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: eventSearchKeys.text(q),
    queryFn: ({ pageParam, signal }) => searchEvents(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: enabled && isEventSearchable(q),
    staleTime: 30_000,
  });
}
