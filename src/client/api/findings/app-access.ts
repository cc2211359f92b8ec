import { useQuery } from '@tanstack/react-query';

import {
  appAccessDailyChartSchema,
  appAccessesReplySchema,
  appAccessReplySchema,
  appAccessStatsSchema,
} from '../../../shared/schemas/findings/app-access';
import { request } from '../http-client';
import { findingQueryOptions } from './finding-query';
import { casePath } from './keys';

/** While the analysis runs the replies say pending; ask again until it ends (the brief's "no data yet"). */
const POLL_MS = 3000;
const poll = (query: { state: { data?: { pending: boolean } } }) =>
  query.state.data?.pending ? POLL_MS : false;

/** GET findings/app-access (polls while pending). */
export function useAppAccess(investigationId: string, window?: string) {
  return useQuery({
    ...findingQueryOptions(investigationId, 'findings/app-access', appAccessReplySchema, {
      window,
    }),
    refetchInterval: poll,
  });
}

/** GET findings/app-access/stats (polls while pending). */
export function useAppAccessStats(investigationId: string, window?: string) {
  return useQuery({
    ...findingQueryOptions(investigationId, 'findings/app-access/stats', appAccessStatsSchema, {
      window,
    }),
    refetchInterval: poll,
  });
}

/** GET findings/app-access/daily-chart (polls while pending). */
export function useAppAccessDailyChart(investigationId: string, window?: string) {
  return useQuery({
    ...findingQueryOptions(
      investigationId,
      'findings/app-access/daily-chart',
      appAccessDailyChartSchema,
      { window },
    ),
    refetchInterval: poll,
  });
}

/** GET findings/app-access/accesses: one page (optional app, startDate, endDate, cursor). */
export function fetchAppAccesses(
  investigationId: string,
  query: {
    app?: string;
    startDate?: string;
    endDate?: string;
    cursor?: string | null;
    limit?: number;
  },
  signal?: AbortSignal,
) {
  return request(casePath(investigationId, 'findings/app-access/accesses'), {
    schema: appAccessesReplySchema,
    query: { ...query, cursor: query.cursor ?? undefined },
    signal,
  });
}
