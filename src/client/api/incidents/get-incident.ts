import { useQuery } from '@tanstack/react-query';

import { incidentDetailSchema } from '../../../shared/schemas/incidents';
import { request } from '../http-client';
import { incidentKeys, incidentPath } from './keys';

/** GET /investigations/{id}/incidents/{incidentId}: the incident and its timeline. */
export function fetchIncident(investigationId: string, incidentId: string, signal?: AbortSignal) {
  return request(incidentPath(investigationId, `incidents/${encodeURIComponent(incidentId)}`), {
    schema: incidentDetailSchema,
    signal,
  });
}

/** One incident with its timeline. */
export function useIncident(investigationId: string, incidentId: string) {
  return useQuery({
    queryKey: incidentKeys.detail(investigationId, incidentId),
    queryFn: ({ signal }) => fetchIncident(investigationId, incidentId, signal),
  });
}
