import { queryOptions, useQuery } from '@tanstack/react-query';

import type { EmployeesReply } from '../../../shared/schemas/employees';
import { employeesReplySchema } from '../../../shared/schemas/employees';
import { request } from '../http-client';

/**
 * GET /identity/employees. As the brief says, a failure yields an empty list rather than an
 * error: pickers stay usable and say there is nobody to choose.
 */
export async function fetchEmployees(q?: string, signal?: AbortSignal): Promise<EmployeesReply> {
  try {
    return await request('/identity/employees', {
      query: { q, limit: 5000 },
      schema: employeesReplySchema,
      signal,
    });
  } catch {
    return { employees: [], total: 0 };
  }
}

export const employeesQuery = (q?: string) =>
  queryOptions({
    queryKey: ['employees', 'list', q ?? ''],
    queryFn: ({ signal }) => fetchEmployees(q, signal),
  });

export function useEmployees(q?: string) {
  return useQuery(employeesQuery(q));
}
