import { useQuery } from '@tanstack/react-query';

import type { EndpointId, findingEndpoints } from '../../../shared/findings/case-endpoints';
import { findingQuery } from './finding-query';

/**
 * The catalogue's endpoints that take `?window` alone and no path parameters, such as
 * `workingHours`, `devices` or `summary`.
 */
export type Topic = {
  [K in EndpointId]: (typeof findingEndpoints)[K] extends { query: unknown } | { params: unknown }
    ? never
    : K;
}[EndpointId];

/** GET a topic endpoint of the case. */
export function useTopic<T extends Topic>(investigationId: string, topic: T, window?: string) {
  return useQuery(findingQuery(investigationId, topic, window ? { window } : {}));
}

/** GET findings/communications-analysis?hops. */
export function useCommunications(investigationId: string, hops: number, window?: string) {
  return useQuery(findingQuery(investigationId, 'communications', { hops, window }));
}

/** GET one security hygiene check, once one is chosen. */
export function useHygieneDetail(investigationId: string, detailId: string | null) {
  return useQuery({
    ...findingQuery(investigationId, 'securityHygieneDetail', {}, { detailId: detailId ?? '' }),
    enabled: Boolean(detailId),
  });
}
