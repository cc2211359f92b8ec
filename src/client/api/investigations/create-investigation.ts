import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateInvestigationBody } from '../../../shared/schemas/investigations';
import { investigationSchema } from '../../../shared/schemas/investigations';
import { request } from '../http-client';
import { HttpError } from '../http-error';
import { investigationKeys } from './keys';

/** POST /investigations; failures read 'Failed to create investigation: {status text}'. */
export async function createInvestigation(body: CreateInvestigationBody) {
  try {
    return await request('/investigations', { method: 'POST', body, schema: investigationSchema });
  } catch (error) {
    if (error instanceof HttpError) {
      throw new Error(`Failed to create investigation: ${error.statusText}`, { cause: error });
    }
    throw error;
  }
}

export function useCreateInvestigation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInvestigation,
    onSuccess: (created) => {
      client.setQueryData(investigationKeys.detail(created.id), created);
      void client.invalidateQueries({ queryKey: investigationKeys.all });
    },
  });
}
