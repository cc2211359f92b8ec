import type { NotificationMessage } from '../notification-message';
import type { ChannelSender } from './channel-sender';
import { postJson } from './http-post';

/**
 * A Microsoft Teams incoming-webhook message: an Adaptive Card in a message's attachments,
 * as Microsoft's "Send Adaptive Cards using an Incoming Webhook" shows (also what Workflows
 * webhooks take): the title, the facts as a FactSet and a button into Vigil.
 */
export function teamsMessage(message: NotificationMessage): Record<string, unknown> {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: message.title,
              weight: 'Bolder',
              size: 'Medium',
              wrap: true,
              ...(message.severity === 'critical' || message.severity === 'high'
                ? { color: 'Attention' }
                : {}),
            },
            {
              type: 'FactSet',
              facts: message.facts.map(([title, value]) => ({ title, value })),
            },
          ],
          actions: [{ type: 'Action.OpenUrl', title: 'Open in Vigil', url: message.url }],
        },
      },
    ],
  };
}

export const sendTeams: ChannelSender = (message, target) =>
  postJson(
    String(target.settings.url),
    JSON.stringify(teamsMessage(message)),
    {},
    target.allowInsecure,
    target.timeoutMs,
  );
