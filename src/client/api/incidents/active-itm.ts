import { useQuery } from '@tanstack/react-query';

import { activeItmReplySchema } from '../../../shared/schemas/itm';
import { request } from '../http-client';
import { incidentKeys, incidentPath, pollWhilePending } from './keys';

/** GET /investigations/{id}/insider-threat-matrix: the matrix sections of the case's incidents. */
export function useActiveItm(investigationId: string) {
  return useQuery({
    queryKey: incidentKeys.itm(investigationId),
    queryFn: ({ signal }) =>
      request(incidentPath(investigationId, 'insider-threat-matrix'), {
        schema: activeItmReplySchema,
        signal,
      }),
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}
