import { buildPath } from '../../../shared/routes';
import { openDialogAtom } from '../../state/dialogs';
import { appStore } from '../../state/store';
import { workspace } from '../../workspace/workspace-controller';
import { defineCommand } from '../command';
import { notificationsBlocked } from './notification-availability';

/** Adds a rule: what is sent (alerts, assignments, reveals, failing collectors) and where. */
export const notificationRuleCreate = defineCommand({
  id: 'notifications.createRule',
  title: 'New Notification Rule…',
  category: 'Admin',
  keywords: ['notify', 'alert', 'rule', 'trigger', 'send', 'add'],
  disabledReason: notificationsBlocked,
  run: (_args, context) => {
    const page = buildPath('notificationRules', {});
    if (!context.location.startsWith(page)) workspace.navigate(page);
    appStore.set(openDialogAtom, { kind: 'createNotificationRule' });
  },
});
