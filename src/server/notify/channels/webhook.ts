import { createHmac } from 'node:crypto';

import type { ChannelSender } from './channel-sender';
import { postJson } from './http-post';

/**
 * The signature a receiver checks: hex HMAC-SHA256 of "<timestamp>.<body>" under the channel's
 * secret, as `sha256=<hex>`. The timestamp (unix seconds) lets a receiver refuse replays.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The generic webhook: the message's JSON body, signed, with the delivery id to deduplicate by. */
export const sendWebhook: ChannelSender = async (message, target) => {
  const body = JSON.stringify(message.body);
  const timestamp = Math.floor(Date.now() / 1000);
  await postJson(
    String(target.settings.url),
    body,
    {
      'x-vigil-signature': webhookSignature(String(target.settings.secret), timestamp, body),
      'x-vigil-timestamp': String(timestamp),
      'x-vigil-delivery': message.deliveryId,
    },
    target.allowInsecure,
    target.timeoutMs,
  );
};
