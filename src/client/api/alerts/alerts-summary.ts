import { queryOptions, useQuery } from '@tanstack/react-query';

import { alertsSummaryReplySchema } from '../../../shared/schemas/alerts';
import { request } from '../http-client';
import { alertKeys } from './keys';

/** GET /alerts/summary: open alerts by severity, alerts per day, and people detection has yet to read. */
export const alertsSummaryQuery = () =>
  queryOptions({
    queryKey: alertKeys.summary(),
    queryFn: ({ signal }) =>
      request('/alerts/summary', { schema: alertsSummaryReplySchema, signal }),
    // While detection still has people to read, the counts grow: ask again until it is done.
    refetchInterval: (query) =>
      (query.state.data?.detecting ?? 0) > 0 ? DETECTING_POLL_MS : false,
  });

/** How often the counts are asked again while detection runs. */
export const DETECTING_POLL_MS = 3000;

/** The open alerts' counts; `enabled` false for a role that may not see alerts. */
export function useAlertsSummary(enabled = true) {
  return useQuery({ ...alertsSummaryQuery(), enabled });
}
