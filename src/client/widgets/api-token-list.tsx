import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';

import type { AdminApiToken, ApiToken } from '../../shared/schemas/api-tokens';
import { apiTokenKeys, revokeApiToken } from '../api/tokens/api-tokens';
import { setApiTokenTarget } from '../state/api-token-target';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';
import { DataTable } from '../components/data-table/data-table';
import type { DataTableColumn, DataTableHandle } from '../components/data-table/data-table';
import { formatDateTime, formatRelative } from '../components/format';

type Row = ApiToken | AdminApiToken;

const ownerOf = (row: Row) => ('owner' in row ? row.owner : null);

function columns(withOwner: boolean): DataTableColumn<Row>[] {
  return [
    { id: 'name', header: 'Name', value: (t) => t.name, keyColumn: true },
    ...(withOwner
      ? [
          {
            id: 'owner',
            header: 'Owner',
            value: (t: Row) => {
              const owner = ownerOf(t);
              return owner ? `${owner.displayName} <${owner.email}>` : '';
            },
            width: 220,
          },
        ]
      : []),
    { id: 'scopes', header: 'Scopes', value: (t) => t.scopes.join(', '), width: 250 },
    {
      id: 'created',
      header: 'Created',
      value: (t) => t.createdAt,
      cell: (t) => formatDateTime(t.createdAt),
      exportText: (t) => new Date(t.createdAt).toISOString(),
      width: 180,
    },
    {
      id: 'expires',
      header: 'Expires',
      value: (t) => t.expiresAt,
      cell: (t) =>
        t.expired ? (
          <span className="badge danger">Expired</span>
        ) : (
          <span title={formatDateTime(t.expiresAt)}>{formatRelative(t.expiresAt)}</span>
        ),
      exportText: (t) => new Date(t.expiresAt).toISOString(),
      width: 110,
    },
    {
      id: 'lastUsed',
      header: 'Last used',
      value: (t) => t.lastUsedAt ?? 0,
      cell: (t) =>
        t.lastUsedAt === null ? (
          <span className="muted">Never</span>
        ) : (
          <span title={formatDateTime(t.lastUsedAt)}>{formatRelative(t.lastUsedAt)}</span>
        ),
      exportText: (t) => (t.lastUsedAt === null ? '' : new Date(t.lastUsedAt).toISOString()),
      width: 110,
    },
  ];
}

/**
 * A list of API tokens (one's own, or everyone's for admins) that `apiToken.revoke` acts on:
 * Delete or D on a row asks, with Cancel focused, then revokes it. Used by the Settings screen
 * and the admin API tokens screen. Only as its screen's main grid does it take the keyboard
 * when the pane arrives.
 */
export function ApiTokenList(props: {
  label: string;
  tokens: readonly Row[];
  scope: 'mine' | 'everyone';
  loading: boolean;
  emptyMessage: string;
  height?: number | 'fill';
  mainGrid?: boolean;
}) {
  const client = useQueryClient();
  const table = useRef<DataTableHandle<Row>>(null);
  const [revoking, setRevoking] = useState<Row | null>(null);
  const withOwner = props.scope === 'everyone';
  const tableColumns = useMemo(() => columns(withOwner), [withOwner]);
  const rows = useMemo(() => [...props.tokens], [props.tokens]);
  const latestRows = useRef(rows);
  useLayoutEffect(() => {
    latestRows.current = rows;
  });

  useEffect(
    () =>
      setApiTokenTarget({
        token: () => (latestRows.current.length > 0 ? (table.current?.cursorRow() ?? null) : null),
        revoke: () => {
          const row = table.current?.cursorRow();
          if (row) setRevoking(row);
        },
      }),
    [],
  );

  const owner = revoking ? ownerOf(revoking) : null;
  return (
    <>
      <DataTable
        label={props.label}
        columns={tableColumns}
        rows={rows}
        getRowId={(t) => t.id}
        loading={props.loading}
        height={props.height ?? 260}
        exportName="api-tokens"
        tableRef={table}
        emptyMessage={props.emptyMessage}
        {...(props.mainGrid ? { mainGrid: true } : { arrivalFocus: false as const })}
      />
      {revoking ? (
        <ConfirmDeleteDialog
          title="Revoke API token?"
          action="Revoke token"
          onCancel={() => setRevoking(null)}
          onDelete={async () => {
            await revokeApiToken(revoking.id, props.scope);
            const ids = table.current?.rows().map((r) => r.id) ?? [];
            const index = ids.indexOf(revoking.id);
            const next = ids[index + 1] ?? ids[index - 1];
            if (next) table.current?.moveCursorTo(next);
            setRevoking(null);
            toast.success(`API token revoked: ${revoking.name}`);
            await client.invalidateQueries({ queryKey: apiTokenKeys.all });
          }}
        >
          <strong>{revoking.name}</strong>
          {owner ? ` (${owner.displayName})` : ''} stops working at once: every script using it gets
          401 from its next request. This cannot be undone.
        </ConfirmDeleteDialog>
      ) : null}
    </>
  );
}
