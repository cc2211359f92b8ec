import { useMutation } from '@tanstack/react-query';

import { request } from '../http-client';
import { queryClient } from '../query-client';
import { integrationKeys } from './keys';
import { quarantinePath } from './list-quarantine';

/** DELETE /integrations/{id}/quarantine/{recordId} with the reason (kept in the audit log). */
export async function discardQuarantined(args: { id: string; recordId: number; reason: string }) {
  await request(`${quarantinePath(args.id)}/${args.recordId}`, {
    method: 'DELETE',
    body: { reason: args.reason },
  });
  await queryClient.invalidateQueries({ queryKey: integrationKeys.quarantine(args.id) });
}

export function useDiscardQuarantined() {
  return useMutation({ mutationFn: discardQuarantined });
}
