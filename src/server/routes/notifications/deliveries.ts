import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorReplySchema, idParam } from '../../../shared/schemas/common';
import {
  deliveryPageSchema,
  deliveryQuerySchema,
  deliverySchema,
  type Delivery,
  type DeliveryStatus,
  type NotificationEventType,
} from '../../../shared/schemas/notifications';
import {
  findDelivery,
  listDeliveries,
  requeueDelivery,
  type DeliveryRow,
} from '../../db/queries/notification-deliveries';
import { findChannel } from '../../db/queries/notification-channels';
import { conflict, invalid, notFound } from '../../domain-error';
import { RETRY_WINDOW_MS } from '../../notify/queue-notification';

const params = z.object({ id: idParam });
const errors = {
  400: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
};
const missing = () => notFound('There is no delivery with that id.');

const ms = (value: number | null) => (value === null ? null : Number(value));

function presentDelivery(row: DeliveryRow & { channel_name: string }): Delivery {
  return {
    id: row.id,
    channelId: row.channel_id,
    channelName: row.channel_name,
    event: row.event_type as NotificationEventType,
    title: row.title,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    lastAttemptAt: ms(row.last_attempt_at),
    nextAttemptAt: row.status === 'pending' ? ms(row.next_attempt_at) : null,
    deliveredAt: ms(row.delivered_at),
  };
}

/** The cursor of a page's last row: its time and id. */
const cursorOf = (row: DeliveryRow) => `${Number(row.created_at)}.${row.id}`;

function parseCursor(text: string): { createdAt: number; id: string } {
  const match = /^(\d{1,16})\.(.+)$/.exec(text);
  if (!match) throw invalid('The cursor is not one this list gave.', 'before');
  return { createdAt: Number(match[1]), id: match[2]! };
}

/** /notifications/deliveries: the delivery log, and sending one again (admins, audited). */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/deliveries',
    {
      schema: {
        tags: ['notifications'],
        querystring: deliveryQuerySchema,
        response: { 200: deliveryPageSchema, ...errors },
      },
    },
    async (request) => {
      const { channel, status, before, limit } = request.query;
      const rows = await listDeliveries(app.db, {
        ...(channel ? { channelId: channel } : {}),
        ...(status ? { status } : {}),
        ...(before ? { before: parseCursor(before) } : {}),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      return {
        deliveries: page.map(presentDelivery),
        nextBefore: rows.length > limit ? cursorOf(page[page.length - 1]!) : null,
      };
    },
  );

  app.post(
    '/notifications/deliveries/:id/retry',
    {
      schema: {
        tags: ['notifications'],
        params,
        response: { 200: deliverySchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      await app.audited(request, async (trx) => {
        const row = await findDelivery(trx, id);
        if (!row) throw missing();
        if (row.status === 'pending') {
          throw conflict(
            'This delivery is still being tried: wait for it to be delivered or fail.',
          );
        }
        const now = Date.now();
        await requeueDelivery(trx, id, now, now + RETRY_WINDOW_MS);
        return {
          result: null,
          entry: {
            action: 'notification.delivery.retry',
            targetType: 'notification_delivery',
            targetId: id,
            details: { channelId: row.channel_id, event: row.event_type, was: row.status },
          },
        };
      });
      app.notifications.wake();
      const row = (await findDelivery(app.db, id))!;
      const channel = await findChannel(app.db, row.channel_id);
      return presentDelivery({ ...row, channel_name: channel?.name ?? '' });
    },
  );
};
