import { queryOptions, useQuery } from '@tanstack/react-query';

import { listSourcesReplySchema } from '../../../shared/schemas/integrations';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** GET /integrations/sources: the formats Vigil reads. */
export function fetchSources(signal?: AbortSignal) {
  return request('/integrations/sources', { schema: listSourcesReplySchema, signal });
}

export const sourcesQuery = () =>
  queryOptions({
    queryKey: integrationKeys.sources(),
    queryFn: ({ signal }) => fetchSources(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSources() {
  return useQuery(sourcesQuery());
}
