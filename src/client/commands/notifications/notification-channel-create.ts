import { buildPath } from '../../../shared/routes';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import { notificationsBlocked } from './notification-availability';

/** Adds a channel (webhook, email, Slack, Teams, syslog), on the channels screen. */
export const notificationChannelCreate = defineCommand({
  id: 'notifications.createChannel',
  title: 'New Notification Channel…',
  category: 'Admin',
  keywords: ['notify', 'webhook', 'email', 'slack', 'teams', 'syslog', 'siem', 'channel', 'add'],
  disabledReason: notificationsBlocked,
  run: (_args, context) => {
    const page = buildPath('notificationChannels', {});
    if (!context.location.startsWith(page)) workspace.navigate(page);
    appStore.set(openDialogAtom, { kind: 'createChannel' });
  },
});
