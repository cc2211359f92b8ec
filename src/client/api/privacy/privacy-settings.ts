import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { privacySettingsReplySchema } from '../../../shared/schemas/privacy';
import type { PrivacySettingsUpdate } from '../../../shared/schemas/privacy';
import { request } from '../http-client';

/** GET /privacy/settings: the switch, department and title, reveal approval and hours. */
export const privacySettingsQuery = () =>
  queryOptions({
    queryKey: ['privacy', 'settings'],
    queryFn: ({ signal }) =>
      request('/privacy/settings', { schema: privacySettingsReplySchema, signal }),
  });

export function usePrivacySettings() {
  return useQuery(privacySettingsQuery());
}

/**
 * PUT /privacy/settings. Every reply about people changes with the switch, so everything is
 * fetched again.
 */
export function useSavePrivacySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacySettingsUpdate) =>
      request('/privacy/settings', { method: 'PUT', body, schema: privacySettingsReplySchema }),
    onSuccess: async () => {
      await client.invalidateQueries();
    },
  });
}
