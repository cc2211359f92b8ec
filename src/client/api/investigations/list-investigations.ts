import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { ListInvestigationsQuery } from '../../../shared/schemas/investigations';
import { listInvestigationsReplySchema } from '../../../shared/schemas/investigations';
import { request } from '../http-client';
import { investigationKeys } from './keys';

/** GET /investigations with filters, sort and paging. */
export function fetchInvestigations(filters: ListInvestigationsQuery, signal?: AbortSignal) {
  return request('/investigations', {
    query: filters as Record<string, string | number>,
    schema: listInvestigationsReplySchema,
    signal,
  });
}

export const investigationsQuery = (filters: ListInvestigationsQuery) =>
  queryOptions({
    queryKey: investigationKeys.list(filters),
    queryFn: ({ signal }) => fetchInvestigations(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useInvestigations(filters: ListInvestigationsQuery) {
  return useQuery(investigationsQuery(filters));
}
