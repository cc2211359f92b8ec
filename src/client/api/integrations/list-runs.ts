import { queryOptions, useQuery } from '@tanstack/react-query';

import { listIngestRunsReplySchema } from '../../../shared/schemas/integrations';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** GET /integrations/{id}/runs: recent ingests, newest first. */
export function fetchIngestRuns(id: string, signal?: AbortSignal) {
  return request(`/integrations/${encodeURIComponent(id)}/runs`, {
    query: { limit: 20 },
    schema: listIngestRunsReplySchema,
    signal,
  });
}

export const ingestRunsQuery = (id: string) =>
  queryOptions({
    queryKey: integrationKeys.runs(id),
    queryFn: ({ signal }) => fetchIngestRuns(id, signal),
  });

export function useIngestRuns(id: string) {
  return useQuery(ingestRunsQuery(id));
}
