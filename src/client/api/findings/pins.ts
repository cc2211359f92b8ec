import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { pinEndpoints } from '../../../shared/findings/case-endpoints';
import { fillPath } from '../../../shared/findings/finding-endpoint';
import type { CreatePinBody, VerifyPinReply } from '../../../shared/schemas/findings/pins';
import { request } from '../http-client';
import { casePath, findingKeys } from './keys';

const { list, create, remove, verify } = pinEndpoints;

const key = (investigationId: string) => findingKeys.finding(investigationId, 'pins');

/** GET /investigations/{id}/pins: live pins and tombstones. */
export function usePins(investigationId: string) {
  return useQuery({
    queryKey: key(investigationId),
    queryFn: ({ signal }) =>
      request(casePath(investigationId, list.path), { schema: list.reply, signal }),
  });
}

/** POST /investigations/{id}/pins: names what to pin; the server captures and hashes it. */
export function createPin(investigationId: string, body: CreatePinBody) {
  return request(casePath(investigationId, create.path), {
    method: 'POST',
    body,
    schema: create.reply,
  });
}

/** Pins events or a finding row, then refreshes the locker's list. */
export function useCreatePin(investigationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePinBody) => createPin(investigationId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key(investigationId) }),
  });
}

/** DELETE /investigations/{id}/pins/{pinId} with the reason: the pin becomes a tombstone. */
export function useRemovePin(investigationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: { pinId: string; reason: string }) =>
      request(casePath(investigationId, fillPath(remove.path, { pinId: args.pinId })), {
        method: 'DELETE',
        body: { reason: args.reason },
        schema: remove.reply,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(investigationId) }),
  });
}

/** POST /investigations/{id}/pins/{pinId}/verify: re-hashes the pin against the events now. */
export function verifyPin(investigationId: string, pinId: string): Promise<VerifyPinReply> {
  return request(casePath(investigationId, fillPath(verify.path, { pinId })), {
    method: 'POST',
    schema: verify.reply,
  });
}
