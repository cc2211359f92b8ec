import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';

import type { Channel } from '../../../shared/schemas/notifications';
import { channelKindLabels } from '../../../shared/schemas/notifications';
import { usePermissions } from '../../api/auth/me';
import { testChannel, useChannels } from '../../api/notifications/channels';
import { notificationKeys } from '../../api/notifications/keys';
import { setChannelTarget } from '../../state/notification-target';
import { runCommand } from '../../commands/run-command';
import { CommandButton } from '../../components/command-button';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { formatDate, isoDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { CreateChannelDialog } from './create-channel-dialog';
import { NotificationsTabs } from './notifications-tabs';
import { useItemActions } from './use-item-actions';
import './notifications.css';

/** Where a channel sends, as one line: the host or URL, never a secret. */
function target(channel: Channel): string {
  const s = channel.settings;
  if (channel.kind === 'email')
    return `${String(s.host)}:${String(s.port)} → ${(s.to as string[]).join(', ')}`;
  if (channel.kind === 'syslog')
    return `${String(s.protocol)}://${String(s.host)}:${String(s.port)}`;
  if (channel.kind === 'webhook') return String(s.url);
  const url = channel.secrets.url;
  return url ? `Incoming webhook …${url.last4}` : '';
}

const columns: DataTableColumn<Channel>[] = [
  { id: 'name', header: 'Channel', value: (c) => c.name, width: 200, keyColumn: true },
  { id: 'kind', header: 'Kind', value: (c) => channelKindLabels[c.kind], width: 170 },
  { id: 'target', header: 'Sends to', value: target },
  {
    id: 'secrets',
    header: 'Secrets',
    value: (c) =>
      Object.entries(c.secrets)
        .map(([name, hint]) => `${name} …${hint.last4}`)
        .join(', '),
    width: 160,
  },
  { id: 'enabled', header: 'On', value: (c) => (c.enabled ? 'On' : 'Off'), width: 60 },
  {
    id: 'created',
    header: 'Created',
    value: (c) => c.createdAt,
    cell: (c) => formatDate(c.createdAt),
    exportText: (c) => isoDateTime(c.createdAt),
    width: 110,
  },
];

/**
 * Notification channels: where Vigil sends alerts and other news (signed webhooks, email,
 * Slack, Teams, syslog to a SIEM). New channel… and Send a test are buttons and palette
 * commands; the test acts on the channel under the cursor and shows in the delivery log.
 */
export default function ChannelsPage() {
  const permissions = usePermissions();
  const channels = useChannels();
  const client = useQueryClient();
  const rows = useMemo(() => channels.data?.channels ?? [], [channels.data]);
  const [cursorId, setCursorId] = useState<string | null>(null);
  const current = useRef<Channel | null>(null);
  current.current = rows.find((c) => c.id === cursorId) ?? rows[0] ?? null;
  const actions = useItemActions(
    'channel',
    () => current.current,
    (channel, close) => <CreateChannelDialog channel={channel} onClose={close} />,
  );

  useEffect(
    () =>
      setChannelTarget({
        channel: () => current.current,
        test: () => {
          const channel = current.current;
          if (!channel) return;
          const pending = toast.loading(`Sending a test to ${channel.name}…`);
          testChannel(channel.id)
            .then((result) => {
              if (result.ok)
                toast.success('Test delivered', { id: pending, description: result.message });
              else toast.error('Test not delivered', { id: pending, description: result.message });
            })
            .catch((error: unknown) =>
              toast.error('The test could not be sent', {
                id: pending,
                description: error instanceof Error ? error.message : String(error),
              }),
            )
            .finally(() => void client.invalidateQueries({ queryKey: notificationKeys.all }));
        },
      }),
    [client],
  );

  if (!permissions.has('notifications.manage')) {
    return (
      <div className="page">
        <PageHeader title="Notification channels" />
        <EmptyState title="Notifications are not open to your role">
          Channels and rules are for admins: they say what leaves Vigil and where it goes.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="page notifications-page">
      <PageHeader
        title="Notification channels"
        subtitle="Where Vigil tells people: signed webhooks, email, Slack, Teams and syslog to a SIEM. People are named by pseudonym only."
        actions={
          <>
            <CommandButton
              className="button"
              disabledReason={rows.length === 0 ? 'No channel yet: add one first.' : null}
              onClick={() => void runCommand('notifications.testChannel', undefined, 'button')}
            >
              Send a test
            </CommandButton>
            <CommandButton
              className="button primary"
              onClick={() => void runCommand('notifications.createChannel', undefined, 'button')}
            >
              New channel…
            </CommandButton>
          </>
        }
      />
      <NotificationsTabs current="notificationChannels" />
      {channels.isError ? (
        <div className="alert error" role="alert">
          The channels could not be loaded: {channels.error.message}
        </div>
      ) : null}
      <DataTable
        label="Notification channels"
        columns={columns}
        rows={rows}
        getRowId={(channel) => channel.id}
        loading={channels.isLoading}
        height="fill"
        exportName="notification-channels"
        mainGrid
        onCursorChange={setCursorId}
        onOpen={(channel) => actions.edit(channel)}
        emptyMessage="No channel yet. New channel… adds one. Enter changes the channel under the cursor, e switches it on or off, Delete deletes it."
      />
      {actions.dialog}
    </div>
  );
}
