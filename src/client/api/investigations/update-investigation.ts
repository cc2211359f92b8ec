import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UpdateInvestigationBody } from '../../../shared/schemas/investigations';
import { investigationSchema } from '../../../shared/schemas/investigations';
import { request } from '../http-client';
import { HttpError } from '../http-error';
import { investigationKeys } from './keys';

/** PATCH /investigations/{id}; failures read 'Failed to update investigation: {status text}'. */
export async function updateInvestigation(id: string, body: UpdateInvestigationBody) {
  if (!id) throw new Error('investigationId is required');
  try {
    return await request(`/investigations/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
      schema: investigationSchema,
    });
  } catch (error) {
    if (error instanceof HttpError) {
      throw new Error(`Failed to update investigation: ${error.statusText}`, { cause: error });
    }
    throw error;
  }
}

export function useUpdateInvestigation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateInvestigationBody) => updateInvestigation(id, body),
    onSuccess: (updated) => {
      client.setQueryData(investigationKeys.detail(id), updated);
      void client.invalidateQueries({ queryKey: investigationKeys.all });
    },
  });
}
