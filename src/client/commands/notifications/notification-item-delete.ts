import { currentNotificationItemTarget } from '../../state/notification-target';
import { defineCommand } from '../command';
import { notificationItemBlocked } from './notification-availability';

/** Deletes the channel or rule under the cursor, after a confirmation whose Cancel has the focus. */
export const notificationItemDelete = defineCommand({
  id: 'notifications.delete',
  title: 'Delete Notification Channel or Rule…',
  category: 'Admin',
  keywords: ['notify', 'remove', 'delete', 'channel', 'rule'],
  disabledReason: notificationItemBlocked,
  run: () => currentNotificationItemTarget()?.remove(),
});
