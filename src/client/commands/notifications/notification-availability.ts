import type { CommandContext } from '../command';

/** Said to a role without notifications.manage. */
export const CANNOT_MANAGE_NOTIFICATIONS = 'Your role does not include managing notifications.';

/** Why a notification command cannot run for this role, or null. */
export function notificationsBlocked(context: CommandContext): string | null {
  return context.permissions.has('notifications.manage') ? null : CANNOT_MANAGE_NOTIFICATIONS;
}
