import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { MyNotifications } from '../../../shared/schemas/notifications';
import { myNotificationsSchema } from '../../../shared/schemas/notifications';
import { request } from '../http-client';
import { notificationKeys } from './keys';

/** GET /me/notifications: what the signed-in user asked to be told by email. */
export const myNotificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.mine(),
    queryFn: ({ signal }) =>
      request('/me/notifications', { schema: myNotificationsSchema, signal }),
  });

export function useMyNotifications() {
  return useQuery(myNotificationsQuery());
}

/** PUT /me/notifications */
export function useSaveMyNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MyNotifications) =>
      request('/me/notifications', { method: 'PUT', body, schema: myNotificationsSchema }),
    onSuccess: (saved) => client.setQueryData(notificationKeys.mine(), saved),
  });
}
