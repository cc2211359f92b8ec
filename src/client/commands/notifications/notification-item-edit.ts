import { currentNotificationItemTarget } from '../../state/notification-target';
import { defineCommand } from '../command';
import { notificationItemBlocked } from './notification-availability';

/**
 * Opens the channel or rule under the cursor to change it (Enter on its row does the same):
 * a channel's settings, with its secrets shown only as set; a rule's trigger and channels.
 */
export const notificationItemEdit = defineCommand({
  id: 'notifications.edit',
  title: 'Edit Notification Channel or Rule…',
  category: 'Admin',
  keywords: ['notify', 'change', 'edit', 'settings', 'secret', 'channel', 'rule', 'filter'],
  disabledReason: notificationItemBlocked,
  run: () => currentNotificationItemTarget()?.edit(),
});
