import { queryOptions } from '@tanstack/react-query';

import { investigationSchema } from '../../../shared/schemas/investigations';
import { request } from '../http-client';
import { investigationKeys } from './keys';

/** GET /investigations/{id}. */
export function fetchInvestigation(id: string, signal?: AbortSignal) {
  if (!id) throw new Error('investigationId is required');
  return request(`/investigations/${encodeURIComponent(id)}`, {
    schema: investigationSchema,
    signal,
  });
}

export const investigationQuery = (id: string) =>
  queryOptions({
    queryKey: investigationKeys.detail(id),
    queryFn: ({ signal }) => fetchInvestigation(id, signal),
  });
