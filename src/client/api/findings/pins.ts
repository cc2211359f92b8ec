import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { CreatePinBody } from '../../../shared/schemas/findings/pins';
import { pinSchema, pinsReplySchema } from '../../../shared/schemas/findings/pins';
import { request } from '../http-client';
import { casePath, findingKeys } from './keys';

const key = (investigationId: string) => findingKeys.finding(investigationId, 'pins');

/** GET /investigations/{id}/evidence/pins. */
export function usePins(investigationId: string) {
  return useQuery({
    queryKey: key(investigationId),
    queryFn: ({ signal }) =>
      request(casePath(investigationId, 'evidence/pins'), { schema: pinsReplySchema, signal }),
  });
}

/** POST /investigations/{id}/evidence/pins. */
export function createPin(investigationId: string, body: CreatePinBody) {
  return request(casePath(investigationId, 'evidence/pins'), {
    method: 'POST',
    body,
    schema: pinSchema,
  });
}

/** Pins a row, then refreshes the locker's list. */
export function useCreatePin(investigationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePinBody) => createPin(investigationId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key(investigationId) }),
  });
}

/** DELETE /investigations/{id}/evidence/pins/{pinId}. */
export function useDeletePin(investigationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pinId: string) =>
      request(casePath(investigationId, `evidence/pins/${encodeURIComponent(pinId)}`), {
        method: 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(investigationId) }),
  });
}
