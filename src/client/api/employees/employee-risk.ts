import { queryOptions, useQuery } from '@tanstack/react-query';

import { employeeRiskReplySchema } from '../../../shared/schemas/employee-risk';
import { request } from '../http-client';

/** GET /employees/risk: the riskiest people first, each with the parts of their score. */
export function fetchEmployeeRisk(limit: number, signal?: AbortSignal) {
  return request('/employees/risk', {
    query: { limit },
    schema: employeeRiskReplySchema,
    signal,
  });
}

export const employeeRiskQuery = (limit: number) =>
  queryOptions({
    queryKey: ['employees', 'risk', limit],
    queryFn: ({ signal }) => fetchEmployeeRisk(limit, signal),
  });

/**
 * The `limit` riskiest people; only for roles that see alerts (the server refuses others).
 * `pollMs` asks again at that pace (while detection still runs, scores change).
 */
export function useEmployeeRisk(limit: number, pollMs: number | false = false) {
  return useQuery({ ...employeeRiskQuery(limit), refetchInterval: pollMs });
}
