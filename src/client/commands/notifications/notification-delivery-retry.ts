import { currentDeliveryTarget } from '../../state/notification-target';
import { defineCommand } from '../command';
import { notificationsBlocked } from './notification-availability';

/** Sends the delivery under the cursor again, with the same delivery id. */
export const notificationDeliveryRetry = defineCommand({
  id: 'notifications.retryDelivery',
  title: 'Send Delivery Again',
  category: 'Admin',
  keywords: ['notify', 'resend', 'retry', 'delivery', 'failed'],
  disabledReason: (c) => {
    const blocked = notificationsBlocked(c);
    if (blocked) return blocked;
    const target = currentDeliveryTarget();
    if (!target) return 'Open the delivery log first (palette: Go to Delivery log).';
    const delivery = target.delivery();
    if (!delivery) return 'No delivery is shown.';
    if (delivery.status === 'pending') return 'This delivery is still being tried.';
    return null;
  },
  run: () => currentDeliveryTarget()?.retry(),
});
