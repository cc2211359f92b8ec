import { currentNotificationItemTarget } from '../../state/notification-target';
import { defineCommand } from '../command';
import { notificationItemBlocked } from './notification-availability';

/** Switches the channel or rule under the cursor on or off (the same key undoes it). */
export const notificationItemToggle = defineCommand({
  id: 'notifications.toggleEnabled',
  title: 'Switch Notification Channel or Rule On or Off',
  category: 'Admin',
  keywords: ['notify', 'enable', 'disable', 'pause', 'channel', 'rule', 'turn on', 'turn off'],
  disabledReason: notificationItemBlocked,
  run: () => currentNotificationItemTarget()?.toggleEnabled(),
});
