import { queryOptions, useQuery } from '@tanstack/react-query';

import { integrationSchema } from '../../../shared/schemas/integrations';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** GET /integrations/{id}. */
export function fetchIntegration(id: string, signal?: AbortSignal) {
  return request(`/integrations/${encodeURIComponent(id)}`, { schema: integrationSchema, signal });
}

export const integrationQuery = (id: string) =>
  queryOptions({
    queryKey: integrationKeys.detail(id),
    queryFn: ({ signal }) => fetchIntegration(id, signal),
  });

export function useIntegration(id: string) {
  return useQuery(integrationQuery(id));
}
