import { useMutation } from '@tanstack/react-query';

import { retryQuarantineReplySchema } from '../../../shared/schemas/quarantine';
import { request } from '../http-client';
import { queryClient } from '../query-client';
import { integrationKeys } from './keys';
import { quarantinePath } from './list-quarantine';

/**
 * POST /integrations/{id}/quarantine/retry: "Try again" re-reads the records through the
 * pipeline; 409 while another retry of the same quarantine runs. The records that passed are
 * events now, so the integration's figures and runs are fetched again too.
 */
export async function retryQuarantine(id: string) {
  const reply = await request(`${quarantinePath(id)}/retry`, {
    method: 'POST',
    body: {},
    schema: retryQuarantineReplySchema,
  });
  await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
  return reply;
}

export function useRetryQuarantine() {
  return useMutation({ mutationFn: retryQuarantine });
}
