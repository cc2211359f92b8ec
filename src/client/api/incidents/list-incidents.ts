import { useQuery } from '@tanstack/react-query';

import type { ListIncidentsQuery } from '../../../shared/schemas/incidents';
import { listIncidentsReplySchema } from '../../../shared/schemas/incidents';
import { request } from '../http-client';
import { incidentKeys, incidentPath, pollWhilePending } from './keys';

/** GET /investigations/{id}/incidents (technique, status and severity filters). */
export function fetchIncidents(
  investigationId: string,
  filter: ListIncidentsQuery = {},
  signal?: AbortSignal,
) {
  return request(incidentPath(investigationId, 'incidents'), {
    schema: listIncidentsReplySchema,
    query: { ...filter },
    signal,
  });
}

/** The case's incidents; refreshes while its analysis runs. */
export function useIncidents(investigationId: string, filter: ListIncidentsQuery = {}) {
  return useQuery({
    queryKey: incidentKeys.list(investigationId, { ...filter }),
    queryFn: ({ signal }) => fetchIncidents(investigationId, filter, signal),
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}
