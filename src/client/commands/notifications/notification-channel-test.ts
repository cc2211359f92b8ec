import { currentChannelTarget } from '../../state/notification-target';
import { defineCommand } from '../command';
import { notificationsBlocked } from './notification-availability';

/** Sends a test message to the channel under the cursor; it shows in the delivery log. */
export const notificationChannelTest = defineCommand({
  id: 'notifications.testChannel',
  title: 'Send a Test Notification',
  category: 'Admin',
  keywords: ['notify', 'test', 'channel', 'webhook', 'check', 'send'],
  disabledReason: (c) => {
    const blocked = notificationsBlocked(c);
    if (blocked) return blocked;
    const target = currentChannelTarget();
    if (!target) return 'Open Notification channels first (palette: Go to Notification channels).';
    if (!target.channel()) return 'No channel yet: add one first.';
    return null;
  },
  run: () => currentChannelTarget()?.test(),
});
