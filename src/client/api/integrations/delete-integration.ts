import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../http-client';
import { integrationKeys } from './keys';

/** DELETE /integrations/{id}: its events stay. */
export async function deleteIntegration(id: string): Promise<void> {
  await request(`/integrations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteIntegration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteIntegration,
    onSuccess: (_reply, id) => {
      client.removeQueries({ queryKey: integrationKeys.detail(id) });
      void client.invalidateQueries({ queryKey: integrationKeys.list() });
    },
  });
}
