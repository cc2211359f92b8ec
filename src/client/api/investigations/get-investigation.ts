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

/** How often a case being analysed is read again, so its score shows once the run ends. */
const ANALYSIS_POLL_MS = 3_000;

/** GET /investigations/{id}, read again every few seconds while its analysis runs. */
export const investigationQuery = (id: string) =>
  queryOptions({
    queryKey: investigationKeys.detail(id),
    queryFn: ({ signal }) => fetchInvestigation(id, signal),
    refetchInterval: (query) => {
      const state = query.state.data?.analysis.state;
      return state === 'pending' || state === 'running' ? ANALYSIS_POLL_MS : false;
    },
  });
