import { queryOptions, useQuery } from '@tanstack/react-query';

import type { DeliveryStatus } from '../../../shared/schemas/notifications';
import { deliveryPageSchema, deliverySchema } from '../../../shared/schemas/notifications';
import { request } from '../http-client';
import { notificationKeys } from './keys';

/** The log's filters: one channel, one status. */
export interface DeliveryFilter {
  channel?: string;
  status?: DeliveryStatus;
}

/** GET /notifications/deliveries: the newest 200 deliveries under the filters. */
export const deliveriesQuery = (filter: DeliveryFilter) =>
  queryOptions({
    queryKey: notificationKeys.deliveries(filter),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: '200' });
      if (filter.channel) query.set('channel', filter.channel);
      if (filter.status) query.set('status', filter.status);
      return request(`/notifications/deliveries?${query}`, { schema: deliveryPageSchema, signal });
    },
    // Pending deliveries change on their own: the log follows them.
    refetchInterval: 5000,
  });

export function useDeliveries(filter: DeliveryFilter) {
  return useQuery(deliveriesQuery(filter));
}

/** POST /notifications/deliveries/{id}/retry: sends a delivered or failed one again, same id. */
export function retryDelivery(id: string) {
  return request(`/notifications/deliveries/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    schema: deliverySchema,
  });
}
