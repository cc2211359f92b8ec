import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Configuration } from '../../../shared/schemas/configuration';
import { configurationSchema } from '../../../shared/schemas/configuration';
import { request } from '../http-client';

const key = ['configuration'] as const;

/** GET /configuration. */
export function useConfiguration() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => request('/configuration', { schema: configurationSchema, signal }),
  });
}

/** PUT /configuration (configuration.manage); every finding is refreshed after a change. */
export function useSaveConfiguration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: Configuration) =>
      request('/configuration', { method: 'PUT', body: value, schema: configurationSchema }),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      void client.invalidateQueries({ queryKey: ['findings'] });
    },
  });
}
