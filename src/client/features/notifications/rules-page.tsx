import { useMemo, useRef, useState } from 'react';

import type { NotificationRule } from '../../../shared/schemas/notifications';
import { triggerLabels } from '../../../shared/schemas/notifications';
import { severityLabels } from '../../../shared/incident-model';
import { usePermissions } from '../../api/auth/me';
import { useDetectionRules } from '../../api/detection/list-detection-rules';
import { useChannels } from '../../api/notifications/channels';
import { useNotificationRules } from '../../api/notifications/rules';
import { useWatchlists } from '../../api/watchlists/list-watchlists';
import { runCommand } from '../../commands/run-command';
import { CommandButton } from '../../components/command-button';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { CreateRuleDialog } from './create-rule-dialog';
import { NotificationsTabs } from './notifications-tabs';
import { useItemActions } from './use-item-actions';
import './notifications.css';

/** The titles of detection rules, policies and watchlists, by id (an id while they load). */
type Titles = Map<string, string>;

/** A trigger in words, with its conditions. */
function describeTrigger(rule: NotificationRule, titles: Titles): string {
  const trigger = rule.trigger;
  const base = triggerLabels[trigger.kind];
  const title = (id: string) => titles.get(id) ?? id;
  if (trigger.kind === 'alert') {
    const only = [
      trigger.rule ? `rule ${title(trigger.rule)}` : null,
      trigger.policy ? `policy ${title(trigger.policy)}` : null,
      trigger.watchlist ? `watchlist ${title(trigger.watchlist)}` : null,
    ].filter(Boolean);
    return `${base}, ${severityLabels[trigger.minSeverity]} or worse${only.length ? ` (only ${only.join(', ')})` : ''}`;
  }
  if (trigger.kind === 'severity_rising' && trigger.minSeverity)
    return `${base}, to ${severityLabels[trigger.minSeverity]} or worse`;
  return base;
}

/**
 * Notification rules: what is sent (a new alert at or above a severity, a rising one, a case
 * assigned, reveals asked and decided, a failing collector, retention removing data) and to
 * which channels. New rule… is a button and a palette command.
 */
export default function RulesPage() {
  const permissions = usePermissions();
  const rules = useNotificationRules();
  const channels = useChannels();
  const names = useMemo(
    () => new Map((channels.data?.channels ?? []).map((c) => [c.id, c.name])),
    [channels.data],
  );
  const detection = useDetectionRules();
  const watchlists = useWatchlists();
  const titles = useMemo<Titles>(
    () =>
      new Map([
        ...(detection.data?.rules ?? []).map((r) => [r.id, r.title] as const),
        ...(detection.data?.policies ?? []).map((p) => [p.id, p.title] as const),
        ...(watchlists.data?.watchlists ?? []).map((w) => [w.id, w.name] as const),
      ]),
    [detection.data, watchlists.data],
  );
  const rows = useMemo(() => rules.data?.rules ?? [], [rules.data]);
  const [cursorId, setCursorId] = useState<string | null>(null);
  const current = useRef<NotificationRule | null>(null);
  current.current = rows.find((r) => r.id === cursorId) ?? rows[0] ?? null;
  const actions = useItemActions(
    'rule',
    () => current.current,
    (rule, close) => <CreateRuleDialog rule={rule} onClose={close} />,
  );
  const columns = useMemo<DataTableColumn<NotificationRule>[]>(
    () => [
      { id: 'name', header: 'Rule', value: (r) => r.name, width: 200, keyColumn: true },
      { id: 'trigger', header: 'When', value: (r) => describeTrigger(r, titles) },
      {
        id: 'channels',
        header: 'Sends to',
        value: (r) => r.channelIds.map((id) => names.get(id) ?? 'a deleted channel').join(', '),
        width: 260,
      },
      { id: 'enabled', header: 'On', value: (r) => (r.enabled ? 'On' : 'Off'), width: 60 },
    ],
    [names, titles],
  );
  if (!permissions.has('notifications.manage')) {
    return (
      <div className="page">
        <PageHeader title="Notification rules" />
        <EmptyState title="Notifications are not open to your role" />
      </div>
    );
  }
  return (
    <div className="page notifications-page">
      <PageHeader
        title="Notification rules"
        subtitle="What Vigil tells, and on which channels. An event reaches a channel once, however many rules name it."
        actions={
          <CommandButton
            className="button primary"
            onClick={() => void runCommand('notifications.createRule', undefined, 'button')}
          >
            New rule…
          </CommandButton>
        }
      />
      <NotificationsTabs current="notificationRules" />
      {rules.isError ? (
        <div className="alert error" role="alert">
          The rules could not be loaded: {rules.error.message}
        </div>
      ) : null}
      <DataTable
        label="Notification rules"
        columns={columns}
        rows={rows}
        getRowId={(rule) => rule.id}
        loading={rules.isLoading}
        height="fill"
        exportName="notification-rules"
        mainGrid
        onCursorChange={setCursorId}
        onOpen={(rule) => actions.edit(rule)}
        emptyMessage="No rule yet. New rule… adds one. Enter changes the rule under the cursor."
      />
      {actions.dialog}
    </div>
  );
}
