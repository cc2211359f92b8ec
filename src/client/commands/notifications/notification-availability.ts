import { currentNotificationItemTarget } from '../../state/notification-target';
import type { CommandContext } from '../command';

/** Said to a role without notifications.manage. */
export const CANNOT_MANAGE_NOTIFICATIONS = 'Your role does not include managing notifications.';

/** Why a notification command cannot run for this role, or null. */
export function notificationsBlocked(context: CommandContext): string | null {
  return context.permissions.has('notifications.manage') ? null : CANNOT_MANAGE_NOTIFICATIONS;
}

/** Why the switch and delete commands cannot run now: role, screen, or an empty list. */
export function notificationItemBlocked(context: CommandContext): string | null {
  const blocked = notificationsBlocked(context);
  if (blocked) return blocked;
  const target = currentNotificationItemTarget();
  if (!target) return 'Open Notification channels or Notification rules first.';
  if (target.name() === null) return `No ${target.kind} yet: add one first.`;
  return null;
}
