import type { NotificationMessage } from '../notification-message';
import type { ChannelSender } from './channel-sender';
import { postJson } from './http-post';

/** Slack's mrkdwn treats &, < and > as markup: these three are escaped, nothing else. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A Slack incoming-webhook message: `text` is the fallback notifications show, the blocks a
 * header, the facts as fields and a button into Vigil (Block Kit).
 */
export function slackMessage(message: NotificationMessage): Record<string, unknown> {
  return {
    text: `${message.title} ${message.url}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: message.title.slice(0, 150) } },
      {
        type: 'section',
        fields: message.facts.slice(0, 10).map(([label, value]) => ({
          type: 'mrkdwn',
          text: `*${escapeMrkdwn(label)}*\n${escapeMrkdwn(value)}`,
        })),
      },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            text: { type: 'plain_text', text: 'Open in Vigil' },
            url: message.url,
          },
        ],
      },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `Delivery ${message.deliveryId}` }] },
    ],
  };
}

export const sendSlack: ChannelSender = (message, target) =>
  postJson(
    String(target.settings.url),
    JSON.stringify(slackMessage(message)),
    {},
    target.allowInsecure,
    target.timeoutMs,
  );
