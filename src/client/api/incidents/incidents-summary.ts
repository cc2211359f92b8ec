import { useQuery } from '@tanstack/react-query';

import { incidentsSummaryReplySchema } from '../../../shared/schemas/incidents';
import { request } from '../http-client';
import { incidentKeys, incidentPath, pollWhilePending } from './keys';

/** GET /investigations/{id}/incidents/summary: counts by severity, status and technique. */
export function useIncidentsSummary(investigationId: string) {
  return useQuery({
    queryKey: incidentKeys.summary(investigationId),
    queryFn: ({ signal }) =>
      request(incidentPath(investigationId, 'incidents/summary'), {
        schema: incidentsSummaryReplySchema,
        signal,
      }),
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}
