import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { pinEndpoints } from '../../../shared/findings/case-endpoints';
import { fillPath } from '../../../shared/findings/finding-endpoint';
import type { CreatePinBody } from '../../../shared/schemas/findings/pins';
import { request } from '../http-client';
import { casePath, findingKeys } from './keys';

const { list, create, remove } = pinEndpoints;

const key = (investigationId: string) => findingKeys.finding(investigationId, 'pins');

/** GET /investigations/{id}/evidence/pins. */
export function usePins(investigationId: string) {
  return useQuery({
    queryKey: key(investigationId),
    queryFn: ({ signal }) =>
      request(casePath(investigationId, list.path), { schema: list.reply, signal }),
  });
}

/** POST /investigations/{id}/evidence/pins. */
export function createPin(investigationId: string, body: CreatePinBody) {
  return request(casePath(investigationId, create.path), {
    method: 'POST',
    body,
    schema: create.reply,
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
      request(casePath(investigationId, fillPath(remove.path, { pinId })), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(investigationId) }),
  });
}
