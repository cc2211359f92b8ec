import { useInfiniteQuery } from '@tanstack/react-query';

import { activityReplySchema } from '../../../shared/schemas/case-activity';
import { request } from '../http-client';

/** Lines asked for per page of a case's history. */
const PAGE_SIZE = 30;

/** The history's query key: under `investigations`, so every change to a case refreshes it. */
export const caseActivityKey = (investigationId: string) =>
  ['investigations', 'activity', investigationId] as const;

/** GET /investigations/{id}/activity: one page of the case's history, newest first. */
export function fetchCaseActivity(
  investigationId: string,
  cursor: string | null,
  signal?: AbortSignal,
) {
  if (!investigationId) throw new Error('investigationId is required');
  return request(`/investigations/${encodeURIComponent(investigationId)}/activity`, {
    schema: activityReplySchema,
    query: { limit: PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
}

/** The case's history, a page at a time (fetchNextPage for older lines). */
export function useCaseActivity(investigationId: string) {
  return useInfiniteQuery({
    queryKey: caseActivityKey(investigationId),
    queryFn: ({ pageParam, signal }) => fetchCaseActivity(investigationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}
