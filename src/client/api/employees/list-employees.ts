import { queryOptions, useQuery } from '@tanstack/react-query';

import type { EmployeesReply } from '../../../shared/schemas/employees';
import { employeesReplySchema } from '../../../shared/schemas/employees';
import { request } from '../http-client';

/** The directory's orders: by name, or riskiest first (people never scored last). */
export type EmployeeSort = 'name' | 'risk';

/**
 * GET /identity/employees. As the brief says, a failure yields an empty list rather than an
 * error: pickers stay usable and say there is nobody to choose.
 */
export async function fetchEmployees(
  q?: string,
  signal?: AbortSignal,
  sort: EmployeeSort = 'name',
): Promise<EmployeesReply> {
  try {
    return await request('/identity/employees', {
      query: { q, limit: 5000, sort: sort === 'name' ? undefined : sort },
      schema: employeesReplySchema,
      signal,
    });
  } catch {
    return { employees: [], total: 0 };
  }
}

export const employeesQuery = (q?: string, sort: EmployeeSort = 'name') =>
  queryOptions({
    queryKey: ['employees', 'list', q ?? '', sort],
    queryFn: ({ signal }) => fetchEmployees(q, signal, sort),
  });

export function useEmployees(q?: string, sort: EmployeeSort = 'name') {
  return useQuery(employeesQuery(q, sort));
}
