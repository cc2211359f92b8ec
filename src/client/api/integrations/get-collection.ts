import { queryOptions, useQuery } from '@tanstack/react-query';

import { collectionReplySchema } from '../../../shared/schemas/collection';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** GET /integrations/{id}/collection: settings (secrets only as set/hint) and health. */
export function fetchCollection(id: string, signal?: AbortSignal) {
  return request(`/integrations/${encodeURIComponent(id)}/collection`, {
    schema: collectionReplySchema,
    signal,
  });
}

export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: integrationKeys.collection(id),
    queryFn: ({ signal }) => fetchCollection(id, signal),
    // Health moves by itself while the collector polls.
    refetchInterval: 2000,
  });

export function useCollection(id: string) {
  return useQuery(collectionQuery(id));
}
