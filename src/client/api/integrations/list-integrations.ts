import { queryOptions, useQuery } from '@tanstack/react-query';

import { listIntegrationsReplySchema } from '../../../shared/schemas/integrations';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** GET /integrations: every connected source with its last sync. */
export function fetchIntegrations(signal?: AbortSignal) {
  return request('/integrations', { schema: listIntegrationsReplySchema, signal });
}

export const integrationsQuery = () =>
  queryOptions({
    queryKey: integrationKeys.list(),
    queryFn: ({ signal }) => fetchIntegrations(signal),
  });

/** The integrations list, refreshed every 15 s so pushes from sources show up. */
export function useIntegrations() {
  return useQuery({ ...integrationsQuery(), refetchInterval: 15_000 });
}
