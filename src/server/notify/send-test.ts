import { randomUUID } from 'node:crypto';

import type { z } from 'zod';

import type { channelTestReplySchema } from '../../shared/schemas/notifications';
import { toJson } from '../db/dialect';
import { queueDeliveries } from '../db/queries/notification-deliveries';
import { eventKey, type NotificationEvent } from './notification-event';
import { notificationTitle } from './notification-title';
import { attemptDelivery, type SendDeps } from './send-delivery';

/**
 * "Send a test": a test message to one channel, now, once (no retries), recorded in the
 * delivery log like any other so the admin sees it there.
 */
export async function sendTest(
  deps: SendDeps,
  channelId: string,
  now: number,
): Promise<z.infer<typeof channelTestReplySchema>> {
  const event: NotificationEvent = { type: 'channel.test' };
  const id = randomUUID();
  await queueDeliveries(deps.db, [
    {
      id,
      channel_id: channelId,
      event_key: eventKey(event),
      event_type: event.type,
      recipient: '',
      payload: toJson(event),
      title: notificationTitle(event),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      // A test is tried once: it says at once whether the channel works.
      retry_until: now,
      last_attempt_at: null,
      last_error: null,
      delivered_at: null,
      claimed_until: null,
      occurred_at: now,
      created_at: now,
    },
  ]);
  const outcome = await attemptDelivery(deps, id);
  const ok = outcome?.status === 'delivered';
  return {
    ok,
    deliveryId: id,
    message: ok
      ? 'The test message was delivered.'
      : `The test message was not delivered: ${outcome?.error ?? 'another sender holds it.'}`,
  };
}
