import { useQuery } from '@tanstack/react-query';

import { fetchFinding, findingQuery } from './finding-query';

/** While the analysis runs the replies say pending; ask again until it ends (the brief's "no data yet"). */
const POLL_MS = 3000;
const poll = (query: { state: { data?: { pending: boolean } } }) =>
  query.state.data?.pending ? POLL_MS : false;

/** GET findings/app-access (polls while pending). */
export function useAppAccess(investigationId: string, window?: string) {
  return useQuery({
    ...findingQuery(investigationId, 'appAccess', { window }),
    refetchInterval: poll,
  });
}

/** GET findings/app-access/stats (polls while pending). */
export function useAppAccessStats(investigationId: string, window?: string) {
  return useQuery({
    ...findingQuery(investigationId, 'appAccessStats', { window }),
    refetchInterval: poll,
  });
}

/** GET findings/app-access/daily-chart (polls while pending). */
export function useAppAccessDailyChart(investigationId: string, window?: string) {
  return useQuery({
    ...findingQuery(investigationId, 'appAccessDailyChart', { window }),
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
  return fetchFinding(
    investigationId,
    'appAccesses',
    { ...query, cursor: query.cursor ?? undefined },
    {},
    signal,
  );
}
