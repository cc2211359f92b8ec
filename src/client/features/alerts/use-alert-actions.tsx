import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';

import { buildPath } from '../../../shared/routes';
import type { AlertSummary } from '../../../shared/schemas/alerts';
import { setAlertTarget } from '../../state/alert-target';
import { escalateAlert } from '../../api/alerts/escalate-alert';
import { alertKeys } from '../../api/alerts/keys';
import { investigationKeys } from '../../api/investigations/keys';
import { userDirectoryQuery } from '../../api/users/user-directory';
import { workspace } from '../../workspace/workspace-controller';
import type { AlertChange } from './alert-changes';
import { applyAlertChange, changeSentence, failureTitle } from './alert-changes';
import { DismissAlertsDialog } from './dismiss-alerts-dialog';

/** What a screen with alerts tells its actions. */
export interface AlertActionsOptions {
  /** The alerts an action changes now (the selection, else the cursor row, or the one alert). */
  alerts: () => readonly AlertSummary[];
  /** Told which alerts a change touched, before the lists refresh (the queue moves its cursor). */
  onChanged?: (ids: ReadonlySet<string>) => void;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The alert actions of a screen: registers it as the target of the `alert.*` commands (keys,
 * palette, its buttons), sends each change as one request, says what happened in a toast and
 * refreshes everything about alerts. Returns the dismissal dialog to render, if open.
 */
export function useAlertActions(options: AlertActionsOptions): { dialog: ReactNode } {
  const client = useQueryClient();
  const [dismissing, setDismissing] = useState<readonly AlertSummary[] | null>(null);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  // One change at a time: a second key press while one is on its way does nothing.
  const busy = useRef(false);

  const send = async (alerts: readonly AlertSummary[], change: AlertChange): Promise<void> => {
    const applied = await applyAlertChange(alerts, change);
    const assignee =
      change.action === 'assign' && change.assigneeId
        ? (applied.updated?.assignee?.displayName ??
          client
            .getQueryData(userDirectoryQuery().queryKey)
            ?.users.find((user) => user.id === change.assigneeId)?.displayName)
        : undefined;
    latest.current.onChanged?.(new Set(alerts.map((alert) => alert.id)));
    toast.success(changeSentence(change, applied.count, assignee));
    void client.invalidateQueries({ queryKey: alertKeys.all });
  };

  const change = async (change: AlertChange) => {
    const alerts = latest.current.alerts();
    if (alerts.length === 0 || busy.current) return;
    busy.current = true;
    try {
      await send(alerts, change);
    } catch (error) {
      toast.error(failureTitle(change, alerts.length), { description: describe(error) });
    } finally {
      busy.current = false;
    }
  };

  const escalate = async () => {
    const [alert] = latest.current.alerts();
    if (!alert || busy.current) return;
    busy.current = true;
    try {
      const reply = await escalateAlert(alert.id);
      const person = alert.subject.fullName;
      toast.success(
        reply.created
          ? `Opened an investigation about ${person}`
          : `Alert added to the open investigation about ${person}`,
      );
      void client.invalidateQueries({ queryKey: alertKeys.all });
      void client.invalidateQueries({ queryKey: investigationKeys.all });
      workspace.navigate(buildPath('investigation', { id: reply.investigationId }));
    } catch (error) {
      toast.error('Could not open an investigation from the alert', {
        description: describe(error),
      });
    } finally {
      busy.current = false;
    }
  };

  const actions = useRef({ change, escalate });
  useLayoutEffect(() => {
    actions.current = { change, escalate };
  });

  useEffect(
    () =>
      setAlertTarget({
        alerts: () => latest.current.alerts(),
        dismiss: () => {
          const alerts = latest.current.alerts();
          if (alerts.length > 0) setDismissing(alerts);
        },
        assign: (userId) => void actions.current.change({ action: 'assign', assigneeId: userId }),
        review: () => void actions.current.change({ action: 'review' }),
        reopen: () => void actions.current.change({ action: 'reopen' }),
        escalate: () => void actions.current.escalate(),
      }),
    [],
  );

  const dialog = dismissing ? (
    <DismissAlertsDialog
      alerts={dismissing}
      onCancel={() => setDismissing(null)}
      onDismiss={async (reason) => {
        await send(dismissing, { action: 'dismiss', reason });
        setDismissing(null);
      }}
    />
  ) : null;
  return { dialog };
}
