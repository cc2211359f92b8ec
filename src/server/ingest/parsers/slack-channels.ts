import { bool, field, text } from './fields';

/** What a Slack entry says about where a message or file went. */
export interface SlackChannelFacts {
  channel: string | null;
  external: boolean;
  directMessage: boolean;
}

const DIRECT_PRIVACIES = new Set(['im', 'mpim', 'dm', 'direct_message', 'group_dm']);

/** Details keys Slack and exporters use to say a share crossed to another organisation. */
const EXTERNAL_DETAIL_KEYS = [
  'is_external',
  'is_ext_shared',
  'shared_with_external_org',
  'external_organization',
  'external_org_id',
  'shared_channel',
];

/**
 * The channel of an entry (`entity.channel`, else `details.channel`) and whether it is
 * external: the channel is shared with another organisation (`is_shared`, `is_ext_shared`,
 * privacy `shared`) or the details name an external organisation. A direct message sets
 * directMessage; it is external only when the details say so, since most DMs are internal.
 */
export function slackChannelFacts(entity: unknown, details: unknown): SlackChannelFacts {
  const channel = field(entity, 'channel') ?? field(details, 'channel');
  const channelId = text(field(channel, 'id')) ?? text(channel);
  const privacy = text(field(channel, 'privacy'))?.toLowerCase() ?? null;
  const directMessage =
    (privacy !== null && DIRECT_PRIVACIES.has(privacy)) ||
    bool(field(channel, 'is_im')) === true ||
    bool(field(channel, 'is_mpim')) === true ||
    (channelId !== null && /^D[A-Z0-9]{6,}$/.test(channelId));
  const sharedChannel =
    bool(field(channel, 'is_shared')) === true ||
    bool(field(channel, 'is_ext_shared')) === true ||
    privacy === 'shared' ||
    privacy === 'shared_channel';
  const externalDetails = EXTERNAL_DETAIL_KEYS.some((key) => {
    const value = field(details, key);
    return (
      value === true || (typeof value === 'string' && value.length > 0 && bool(value) !== false)
    );
  });
  return {
    channel: text(field(channel, 'name')) ?? channelId,
    external: sharedChannel || externalDetails,
    directMessage,
  };
}
