import { queryOptions } from '@tanstack/react-query';

import { employeeSchema } from '../../../shared/schemas/employees';
import { request } from '../http-client';

/** GET /identity/employees/{id}. */
export const employeeQuery = (id: string) =>
  queryOptions({
    queryKey: ['employees', 'detail', id],
    queryFn: ({ signal }) =>
      request(`/identity/employees/${encodeURIComponent(id)}`, { schema: employeeSchema, signal }),
  });
