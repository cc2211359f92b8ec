import { queryOptions, useQuery } from '@tanstack/react-query';

import { privacyStatusSchema } from '../../../shared/schemas/privacy';
import { request } from '../http-client';

/** GET /privacy/status: whether people show as pseudonyms (every screen's banner reads it). */
export const privacyStatusQuery = () =>
  queryOptions({
    queryKey: ['privacy', 'status'],
    queryFn: ({ signal }) => request('/privacy/status', { schema: privacyStatusSchema, signal }),
    staleTime: 60_000,
  });

/** The installation's privacy status; undefined until it answers. */
export function usePrivacyStatus() {
  return useQuery(privacyStatusQuery());
}
