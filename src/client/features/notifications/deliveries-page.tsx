import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';

import type { Delivery, DeliveryStatus } from '../../../shared/schemas/notifications';
import { deliveryStatuses } from '../../../shared/schemas/notifications';
import { usePermissions } from '../../api/auth/me';
import { useChannels } from '../../api/notifications/channels';
import { retryDelivery, useDeliveries } from '../../api/notifications/deliveries';
import { notificationKeys } from '../../api/notifications/keys';
import { setDeliveryTarget } from '../../state/notification-target';
import { runCommand } from '../../commands/run-command';
import { CommandButton } from '../../components/command-button';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { formatDateTime, isoDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { NotificationsTabs } from './notifications-tabs';
import './notifications.css';

const statusLabels: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

const columns: DataTableColumn<Delivery>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (d) => d.createdAt,
    cell: (d) => formatDateTime(d.createdAt),
    exportText: (d) => isoDateTime(d.createdAt),
    width: 160,
    keyColumn: true,
  },
  { id: 'channel', header: 'Channel', value: (d) => d.channelName, width: 150, keyColumn: true },
  { id: 'event', header: 'Event', value: (d) => d.event, width: 130, keyColumn: true },
  { id: 'title', header: 'Message', value: (d) => d.title, keyColumn: true },
  {
    id: 'status',
    header: 'Status',
    value: (d) => statusLabels[d.status],
    cell: (d) => <span className={`badge delivery-${d.status}`}>{statusLabels[d.status]}</span>,
    width: 100,
    keyColumn: true,
  },
  {
    id: 'attempts',
    header: 'Attempts',
    value: (d) => d.attempts,
    align: 'right',
    width: 80,
    keyColumn: true,
  },
  {
    id: 'error',
    header: 'Last error',
    value: (d) => d.lastError ?? '',
    width: 260,
    keyColumn: true,
  },
  { id: 'id', header: 'Delivery id', value: (d) => d.id, width: 290, hiddenByDefault: true },
];

/**
 * The delivery log: every message Vigil sent or is sending, per channel, with its status,
 * attempts and last error. A delivered or failed one can be sent again (button, palette),
 * with the same delivery id, so a receiver that already has it can tell.
 */
export default function DeliveriesPage() {
  const permissions = usePermissions();
  const [params, setParams] = useSearchParams();
  const channel = params.get('channel') ?? '';
  const statusParam = params.get('status');
  const status = deliveryStatuses.find((s) => s === statusParam);
  const channels = useChannels();
  const deliveries = useDeliveries({
    ...(channel ? { channel } : {}),
    ...(status ? { status } : {}),
  });
  const client = useQueryClient();
  const rows = useMemo(() => deliveries.data?.deliveries ?? [], [deliveries.data]);
  const [cursorId, setCursorId] = useState<string | null>(null);
  const current = useRef<Delivery | null>(null);
  current.current = rows.find((d) => d.id === cursorId) ?? rows[0] ?? null;

  useEffect(
    () =>
      setDeliveryTarget({
        delivery: () => current.current,
        retry: () => {
          const delivery = current.current;
          if (!delivery) return;
          retryDelivery(delivery.id)
            .then(() => toast.success('Queued to be sent again, with the same delivery id'))
            .catch((error: unknown) =>
              toast.error('It could not be sent again', {
                description: error instanceof Error ? error.message : String(error),
              }),
            )
            .finally(() => void client.invalidateQueries({ queryKey: notificationKeys.all }));
        },
      }),
    [client],
  );

  const filter = (name: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  if (!permissions.has('notifications.manage')) {
    return (
      <div className="page">
        <PageHeader title="Delivery log" />
        <EmptyState title="Notifications are not open to your role" />
      </div>
    );
  }
  const selected = current.current;
  return (
    <div className="page notifications-page">
      <PageHeader
        title="Delivery log"
        subtitle="Each message per channel: tried again from 10 s with growing waits for 24 hours, then failed."
        actions={
          <CommandButton
            className="button"
            disabledReason={
              !selected
                ? 'No delivery is shown.'
                : selected.status === 'pending'
                  ? 'This delivery is still being tried.'
                  : null
            }
            onClick={() => void runCommand('notifications.retryDelivery', undefined, 'button')}
          >
            Send again
          </CommandButton>
        }
      />
      <NotificationsTabs current="notificationDeliveries" />
      {deliveries.isError ? (
        <div className="alert error" role="alert">
          The delivery log could not be loaded: {deliveries.error.message}
        </div>
      ) : null}
      <DataTable
        label="Deliveries"
        columns={columns}
        rows={rows}
        getRowId={(delivery) => delivery.id}
        loading={deliveries.isLoading}
        height="fill"
        exportName="deliveries"
        mainGrid
        onCursorChange={setCursorId}
        emptyMessage="Nothing sent yet."
        toolbarExtra={
          <>
            <select
              className="select"
              aria-label="Channel"
              value={channel}
              onChange={(event) => filter('channel', event.target.value)}
            >
              <option value="">All channels</option>
              {(channels.data?.channels ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <select
              className="select"
              aria-label="Status"
              value={status ?? ''}
              onChange={(event) => filter('status', event.target.value)}
            >
              <option value="">Any status</option>
              {deliveryStatuses.map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
            </select>
          </>
        }
      />
    </div>
  );
}
