import { useMutation, useQueryClient } from '@tanstack/react-query';

import { integrationWithTokenSchema } from '../../../shared/schemas/integrations';
import { request } from '../http-client';
import { integrationKeys } from './keys';

/** POST /integrations/{id}/token: a new token, shown once; the old one stops working. */
export function rotateToken(id: string) {
  return request(`/integrations/${encodeURIComponent(id)}/token`, {
    method: 'POST',
    schema: integrationWithTokenSchema,
  });
}

export function useRotateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rotateToken,
    onSuccess: (reply) => {
      client.setQueryData(integrationKeys.detail(reply.integration.id), reply.integration);
      void client.invalidateQueries({ queryKey: integrationKeys.list() });
    },
  });
}
