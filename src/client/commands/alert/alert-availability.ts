import type { Permission } from '../../../shared/permissions';
import type { AlertSummary } from '../../../shared/schemas/alerts';
import { alertTarget } from '../../state/alert-target';
import type { CommandContext } from '../command';

/** What can be done to alerts from the keyboard, the palette and the screens' buttons. */
export type AlertAction = 'dismiss' | 'assign' | 'review' | 'reopen' | 'escalate';

/** Said when no alert screen is shown. */
export const NO_ALERT_SCREEN = 'Open the alert queue (g a) or an alert first.';

const everyIs = (alerts: readonly AlertSummary[], status: AlertSummary['status']) =>
  alerts.every((alert) => alert.status === status);

const already = (alerts: readonly AlertSummary[], what: string) =>
  alerts.length === 1 ? `This alert is already ${what}.` : `These alerts are already ${what}.`;

/** An alert that became a case keeps its status here (the server refuses, all or nothing). */
function becameCase(alerts: readonly AlertSummary[]): string | null {
  if (!alerts.some((alert) => alert.status === 'escalated')) return null;
  return alerts.length === 1
    ? 'This alert became a case: change its status in the investigation.'
    : 'An alert of the selection became a case, and its status changes only there: leave it out (x).';
}

/**
 * Why an action cannot be taken on the alerts in hand (null when it can): one pure rule shared
 * by the commands (keys, palette) and the screens' buttons, so the two cannot drift. `alerts`
 * is null when no alert screen is shown.
 */
export function alertActionBlocked(
  action: AlertAction,
  permissions: ReadonlySet<Permission>,
  alerts: readonly AlertSummary[] | null,
): string | null {
  if (alerts === null) return NO_ALERT_SCREEN;
  if (action === 'escalate' && !permissions.has('investigations.write'))
    return 'Your role does not allow opening investigations.';
  if (!permissions.has('evidence.write')) return 'Your role does not allow changing alerts.';
  if (alerts.length === 0) return 'Move to an alert first (j/k), or select some with x.';
  switch (action) {
    case 'dismiss':
      return (
        becameCase(alerts) ?? (everyIs(alerts, 'dismissed') ? already(alerts, 'dismissed') : null)
      );
    case 'review':
      return (
        becameCase(alerts) ?? (everyIs(alerts, 'in_review') ? already(alerts, 'in review') : null)
      );
    case 'reopen':
      return becameCase(alerts) ?? (everyIs(alerts, 'new') ? already(alerts, 'new') : null);
    case 'escalate':
      if (alerts.length > 1)
        return 'A case is opened from one alert at a time: clear the selection (Esc) or keep one.';
      return alerts[0]!.status === 'escalated' ? 'This alert is already part of a case.' : null;
    case 'assign':
      return null;
  }
}

/** alertActionBlocked for a command: the alerts of the screen shown, if any. */
export function alertCommandBlocked(action: AlertAction, context: CommandContext): string | null {
  const target = alertTarget();
  return alertActionBlocked(action, context.permissions, target ? target.alerts() : null);
}
