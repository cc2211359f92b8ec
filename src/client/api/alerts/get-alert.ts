import { queryOptions, useQuery } from '@tanstack/react-query';

import { alertDetailSchema } from '../../../shared/schemas/alerts';
import { request } from '../http-client';
import { alertKeys, alertPath } from './keys';

/** GET /alerts/{id}: the alert with the events behind it, each with its raw record. */
export function fetchAlert(alertId: string, signal?: AbortSignal) {
  return request(alertPath(alertId), { schema: alertDetailSchema, signal });
}

export const alertQuery = (alertId: string) =>
  queryOptions({
    queryKey: alertKeys.detail(alertId),
    queryFn: ({ signal }) => fetchAlert(alertId, signal),
  });

/** One alert, for its screen. */
export function useAlert(alertId: string) {
  return useQuery(alertQuery(alertId));
}
