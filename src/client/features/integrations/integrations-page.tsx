import { useEffect, useMemo, useRef } from 'react';

import type { Integration } from '../../../shared/schemas/integrations';
import { useMe } from '../../api/auth/me';
import { useIntegrations } from '../../api/integrations/list-integrations';
import { runCommand } from '../../commands/run-command';
import { buildPath } from '../../../shared/routes';
import { COMMAND_LINE_QUARANTINE } from '../../../shared/schemas/quarantine';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn, DataTableHandle } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { formatNumber, formatRelative, isoDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { Tooltip } from '../../components/tooltip';
import { useKeyLabel } from '../../keymap/key-hint';
import { setIntegrationInHand } from '../../state/integration-in-hand';
import { workspace } from '../../workspace/workspace-controller';
import { CollectorAlarm, collectorText } from './collector-alarm';
import { SyncStateBadge, syncStateLabel } from './sync-state-badge';
import { UnmappedAccountsCard } from './unmapped-accounts-card';
import './integrations.css';

/** The last batch's problem in a few words, for the list: a refusal, or what it set aside. */
function lastErrors(integration: Integration): string {
  const sync = integration.lastSync;
  if (!sync) return '';
  if (sync.status === 'succeeded') {
    return sync.quarantined > 0 ? `${sync.quarantined} quarantined` : '';
  }
  const first = sync.errors[0];
  if (sync.rejected === 0 || !first) return sync.message ?? '';
  return `${sync.rejected} rejected; record ${first.position}: ${first.reason}`;
}

/** The list's columns; the collection column reads the clock of the list's last fetch. */
const columnsAt = (now: number): DataTableColumn<Integration>[] => [
  { id: 'name', header: 'Name', value: (i) => i.name, width: 210, keyColumn: true },
  { id: 'kind', header: 'Kind', value: (i) => i.kindLabel, width: 160 },
  {
    id: 'status',
    header: 'Status',
    value: (i) => syncStateLabel(i.state),
    cell: (i) => <SyncStateBadge state={i.state} />,
    width: 150,
    keyColumn: true,
  },
  {
    id: 'lastSync',
    header: 'Last sync',
    value: (i) => i.lastSyncAt ?? 0,
    cell: (i) => (
      <Tooltip content={i.lastSyncAt ? new Date(i.lastSyncAt).toISOString() : undefined}>
        <span>{formatRelative(i.lastSyncAt)}</span>
      </Tooltip>
    ),
    exportText: (i) => isoDateTime(i.lastSyncAt),
    width: 120,
  },
  {
    id: 'events',
    header: 'Events',
    value: (i) => i.eventCount,
    cell: (i) => formatNumber(i.eventCount),
    align: 'right',
    width: 90,
  },
  {
    id: 'collection',
    header: 'Collection',
    value: (i) => collectorText(i, now),
    cell: (i) => <CollectorAlarm integration={i} now={now} />,
    width: 220,
    // A failing collector must stay in sight however narrow the list.
    keyColumn: true,
  },
  {
    id: 'errors',
    header: 'Errors',
    value: lastErrors,
    cell: (i) => lastErrors(i) || <span className="faint">None</span>,
  },
];

/** Connected log sources: what they are, how their last batch went, how much they delivered. */
export default function IntegrationsPage() {
  const me = useMe();
  const integrations = useIntegrations();
  const rows = useMemo(() => integrations.data?.integrations ?? [], [integrations.data]);
  const fetchedAt = integrations.dataUpdatedAt;
  const columns = useMemo(() => columnsAt(fetchedAt), [fetchedAt]);
  const table = useRef<DataTableHandle<Integration>>(null);
  const quarantineKey = useKeyLabel('quarantine.open', {});
  useEffect(() => setIntegrationInHand(() => table.current?.cursorRow()?.id ?? null), []);

  if (me.data && !me.data.permissions.includes('integrations.manage')) {
    return (
      <div className="page">
        <EmptyState title="You cannot manage integrations">
          Your role does not include connecting log sources.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="page" style={{ height: '100%', gridTemplateRows: 'auto 1fr auto' }}>
      <PageHeader
        title="Integrations"
        subtitle={`Log sources that feed investigations: collected, pushed, uploaded or loaded from the command line.${quarantineKey ? ` ${quarantineKey} opens the quarantine of the row under the cursor.` : ''}`}
        actions={
          <>
            <button
              type="button"
              className="button"
              onClick={() =>
                workspace.navigate(
                  buildPath('integrationQuarantine', { integrationId: COMMAND_LINE_QUARANTINE }),
                )
              }
            >
              Command-line quarantine
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() => void runCommand('integration.connect', undefined, 'button')}
            >
              Connect a source
            </button>
          </>
        }
      />
      <DataTable
        label="Integrations"
        columns={columns}
        rows={rows}
        getRowId={(i) => i.id}
        tableRef={table}
        loading={integrations.isLoading}
        height="fill"
        exportName="integrations"
        initialSort={{ id: 'name', desc: false }}
        emptyMessage="No source is connected yet. Connect one to start loading activity logs."
        onOpen={(i, { newTab }) =>
          workspace.navigate(`/app/integrations/settings/${i.id}`, { newTab })
        }
      />
      <UnmappedAccountsCard />
    </div>
  );
}
