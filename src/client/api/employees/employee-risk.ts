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

/** The `limit` riskiest people; only for roles that see alerts (the server refuses others). */
export function useEmployeeRisk(limit: number) {
  return useQuery(employeeRiskQuery(limit));
}
