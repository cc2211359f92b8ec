import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UpdateIntegrationBody } from '../../../shared/schemas/integrations';
import { integrationSchema } from '../../../shared/schemas/integrations';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** PATCH /integrations/{id}: name, enabled, options. */
export function updateIntegration(id: string, body: UpdateIntegrationBody) {
  return request(`/integrations/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: integrationSchema,
  });
}

export function useUpdateIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: UpdateIntegrationBody }) => updateIntegration(v.id, v.body),
    onSuccess: (integration) => {
      client.setQueryData(integrationKeys.detail(integration.id), integration);
      void client.invalidateQueries({ queryKey: integrationKeys.list() });
    },
  });
}
