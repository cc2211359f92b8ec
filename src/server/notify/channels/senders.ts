import type { ChannelKind } from '../../../shared/schemas/notifications';
import type { ChannelSender } from './channel-sender';
import { sendEmail } from './email';
import { sendSlack } from './slack';
import { sendSyslog } from './syslog';
import { sendTeams } from './teams';
import { sendWebhook } from './webhook';

/** The sender of each kind of channel. */
export const senders: Record<ChannelKind, ChannelSender> = {
  webhook: sendWebhook,
  email: sendEmail,
  slack: sendSlack,
  teams: sendTeams,
  syslog: sendSyslog,
};
