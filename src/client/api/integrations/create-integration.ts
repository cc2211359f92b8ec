import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateIntegrationBody } from '../../../shared/schemas/integrations';
import { integrationWithTokenSchema } from '../../../shared/schemas/integrations';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** POST /integrations: the reply carries the ingest token, shown this once. */
export function createIntegration(body: CreateIntegrationBody) {
  return request('/integrations', { method: 'POST', body, schema: integrationWithTokenSchema });
}

export function useCreateIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createIntegration,
    onSuccess: () => client.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}
