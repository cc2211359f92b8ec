import { useMutation, useQueryClient } from '@tanstack/react-query';

import { investigationSchema } from '../../../shared/schemas/investigations';
import { request } from '../http-client';
import { investigationKeys } from './keys';

/** Whether a legal hold is placed or lifted. */
export type LegalHoldChange = 'place' | 'lift';

/** PUT (place) or DELETE (lift) /investigations/{id}/legal-hold, with the reason. */
export function useLegalHold(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ change, reason }: { change: LegalHoldChange; reason: string }) =>
      request(`/investigations/${encodeURIComponent(id)}/legal-hold`, {
        method: change === 'place' ? 'PUT' : 'DELETE',
        body: { reason },
        schema: investigationSchema,
      }),
    onSuccess: (updated) => {
      client.setQueryData(investigationKeys.detail(id), updated);
      void client.invalidateQueries({ queryKey: investigationKeys.all });
    },
  });
}
