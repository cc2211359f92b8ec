import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ChannelCreate, ChannelPatch } from '../../../shared/schemas/notifications';
import {
  channelListSchema,
  channelSchema,
  channelTestReplySchema,
} from '../../../shared/schemas/notifications';
import { request } from '../http-client';
import { notificationKeys } from './keys';

/** GET /notifications/channels */
export const channelsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.channels(),
    queryFn: ({ signal }) =>
      request('/notifications/channels', { schema: channelListSchema, signal }),
  });

export function useChannels() {
  return useQuery(channelsQuery());
}

/** POST /notifications/channels: a URL that is not https or points inside is a 400 on its field. */
export function useCreateChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelCreate) =>
      request('/notifications/channels', { method: 'POST', body, schema: channelSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/**
 * PATCH /notifications/channels/{id}: name and settings; a secret left out stays as it was,
 * a typed one replaces it. Refused settings are a 400 on their field.
 */
export function useUpdateChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ChannelPatch }) =>
      request(`/notifications/channels/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: patch,
        schema: channelSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** POST /notifications/channels/{id}/test: sends a test message now; it shows in the log. */
export function testChannel(id: string) {
  return request(`/notifications/channels/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    schema: channelTestReplySchema,
  });
}

/** PATCH /notifications/channels/{id}: switch on or off. */
export function setChannelEnabled(id: string, enabled: boolean) {
  return request(`/notifications/channels/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { enabled },
    schema: channelSchema,
  });
}

/** DELETE /notifications/channels/{id}: nothing more is sent to it. */
export async function deleteChannel(id: string): Promise<void> {
  await request(`/notifications/channels/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
