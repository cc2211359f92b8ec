import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { UserSettingsInput } from '../../../shared/schemas/settings';
import { userSettingsSchema } from '../../../shared/schemas/settings';
import { request } from '../http-client';

const key = ['me', 'settings'] as const;

/** GET /me/settings: the user's keyboard settings (server-side, so they follow the user). */
export const userSettingsQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => request('/me/settings', { schema: userSettingsSchema, signal }),
    staleTime: Infinity,
  });

/** PUT /me/settings. */
export function useSaveUserSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettingsInput) =>
      request('/me/settings', { method: 'PUT', body: settings, schema: userSettingsSchema }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
