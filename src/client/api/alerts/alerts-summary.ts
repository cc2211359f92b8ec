import { queryOptions, useQuery } from '@tanstack/react-query';

import { alertsSummaryReplySchema } from '../../../shared/schemas/alerts';
import { request } from '../http-client';
import { alertKeys } from './keys';

/** GET /alerts/summary: open alerts by severity, and alerts per day. */
export const alertsSummaryQuery = () =>
  queryOptions({
    queryKey: alertKeys.summary(),
    queryFn: ({ signal }) =>
      request('/alerts/summary', { schema: alertsSummaryReplySchema, signal }),
  });

/** The open alerts' counts; `enabled` false for a role that may not see alerts. */
export function useAlertsSummary(enabled = true) {
  return useQuery({ ...alertsSummaryQuery(), enabled });
}
