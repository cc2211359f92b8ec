import { useQuery } from '@tanstack/react-query';

import { activeTechniquesReplySchema } from '../../../shared/schemas/incidents';
import { request } from '../http-client';
import { incidentKeys, incidentPath, pollWhilePending } from './keys';

/** GET /investigations/{id}/active-techniques: the techniques the case's incidents name. */
export function useActiveTechniques(investigationId: string) {
  return useQuery({
    queryKey: incidentKeys.techniques(investigationId),
    queryFn: ({ signal }) =>
      request(incidentPath(investigationId, 'active-techniques'), {
        schema: activeTechniquesReplySchema,
        signal,
      }),
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}
