import { useQuery } from '@tanstack/react-query';

import { riskReplySchema } from '../../../shared/schemas/risk';
import { request } from '../http-client';
import { incidentKeys, incidentPath, pollWhilePending } from './keys';

/** GET /investigations/{id}/risk: the score and the sentence behind each of its parts. */
export function useRisk(investigationId: string) {
  return useQuery({
    queryKey: incidentKeys.risk(investigationId),
    queryFn: ({ signal }) =>
      request(incidentPath(investigationId, 'risk'), { schema: riskReplySchema, signal }),
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}
