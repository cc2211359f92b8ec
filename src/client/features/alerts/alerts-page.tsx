import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { buildPath } from '../../../shared/routes';
import type { AlertSummary } from '../../../shared/schemas/alerts';
import { usePermissions, useMe } from '../../api/auth/me';
import { alertKeys } from '../../api/alerts/keys';
import { fetchAlerts } from '../../api/alerts/list-alerts';
import { useWatchlists } from '../../api/watchlists/list-watchlists';
import { mayOpenRoute } from '../../commands/navigation/route-access';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableHandle, ServerSource } from '../../components/data-table/data-table';
import { EmptyState } from '../../components/empty-state';
import { Loading } from '../../components/loading';
import { PageHeader } from '../../components/page-header';
import { workspace } from '../../workspace/workspace-controller';
import { AlertActionButtons } from './alert-action-buttons';
import { nextCursorRow } from './alert-changes';
import { alertColumns } from './alert-columns';
import type { AlertFilterName, FilterChoices } from './alert-filters';
import {
  AlertFilterBar,
  NO_CHOICES,
  addChoices,
  alertQueryOf,
  filtersFrom,
  ignoredFilters,
  withFilter,
} from './alert-filters';
import { useAlertActions } from './use-alert-actions';
import './alerts.css';

/** Alerts per page of the queue; the next page is fetched as the cursor nears the end. */
const PAGE_SIZE = 100;

/**
 * The alert queue: what detection raised about people, worst first, server-paged. Filters live
 * in the URL. Keys: j/k move, x selects, Enter or o opens; d dismisses (with a reason), a
 * assigns, r marks in review and c opens a case, each on the selection or else the cursor row.
 */
export default function AlertsPage() {
  const me = useMe();
  const permissions = usePermissions();
  if (me.isPending) return <Loading />;
  if (!mayOpenRoute('alerts', permissions)) {
    return (
      <div className="page">
        <PageHeader title="Alerts" />
        <EmptyState title="Alerts are not open to your role">
          Alerts are about everyone in the organization, before any case is opened: they need the
          permissions to read every investigation and its evidence.
        </EmptyState>
      </div>
    );
  }
  return <AlertQueue />;
}

function AlertQueue() {
  const permissions = usePermissions();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const ignored = ignoredFilters(params);
  const watchlists = useWatchlists();
  const watchlistChoices = useMemo(
    () =>
      (watchlists.data?.watchlists ?? []).map((list): [string, string] => [
        list.id,
        `${list.name} (${list.members})`,
      ]),
    [watchlists.data],
  );
  const table = useRef<DataTableHandle<AlertSummary>>(null);
  const [choices, setChoices] = useState<FilterChoices>(NO_CHOICES);
  const [known, setKnown] = useState<ReadonlyMap<string, AlertSummary>>(new Map());
  const [selected, setSelected] = useState<string[]>([]);
  const [cursorId, setCursorId] = useState<string | null>(null);

  const source = useMemo<ServerSource<AlertSummary>>(() => {
    const query = alertQueryOf(filters);
    return {
      key: alertKeys.list({ ...query }),
      fetchPage: async ({ cursor, signal }) => {
        const page = await fetchAlerts(
          { ...query, ...(cursor ? { cursor } : {}), limit: PAGE_SIZE },
          signal,
        );
        setChoices((current) => addChoices(current, page.alerts));
        setKnown((current) => new Map([...current, ...page.alerts.map((a) => [a.id, a] as const)]));
        return { rows: page.alerts, nextCursor: page.next, total: page.total };
      },
    };
  }, [filters]);

  const inHand = useCallback((): readonly AlertSummary[] => {
    const handle = table.current;
    if (!handle) return [];
    const rows = handle.selectedRows();
    if (rows.length > 0) return rows;
    const cursor = handle.cursorRow();
    return cursor ? [cursor] : [];
  }, []);
  const actions = useAlertActions({
    alerts: inHand,
    onChanged: (changed) => {
      const handle = table.current;
      if (!handle) return;
      const next = nextCursorRow(
        handle.rows().map((alert) => alert.id),
        handle.cursorRow()?.id ?? null,
        changed,
      );
      handle.clearSelection();
      if (next) handle.moveCursorTo(next);
    },
  });

  // The buttons' view of the alerts in hand, re-rendered as the cursor and selection move.
  const shown = (selected.length > 0 ? selected : cursorId ? [cursorId] : [])
    .map((id) => known.get(id))
    .filter((alert): alert is AlertSummary => alert !== undefined);

  const change = (name: AlertFilterName, value: string) =>
    setParams(withFilter(params, name, value), { replace: true });

  return (
    <div className="page alerts-page">
      <PageHeader
        title="Alerts"
        subtitle="What detection raised about people across the organization, worst first."
        actions={<AlertActionButtons alerts={shown} permissions={permissions} />}
      />
      {ignored ? <div className="alert warning">{ignored}</div> : null}
      <DataTable
        label="Alerts"
        columns={alertColumns}
        source={source}
        getRowId={(alert) => alert.id}
        height="fill"
        exportName="alerts"
        filterable={false}
        mainGrid
        tableRef={table}
        onSelectionChange={setSelected}
        onCursorChange={setCursorId}
        onOpen={(alert, { newTab }) =>
          workspace.navigate(buildPath('alert', { alertId: alert.id }), { newTab })
        }
        emptyMessage={
          filters.status === 'new' && !filters.severity && !filters.ruleId && !filters.employeeId
            ? 'No new alerts: nothing is waiting for triage. Choose “All statuses” to see the others.'
            : 'No alert matches these filters.'
        }
        toolbarExtra={
          <AlertFilterBar
            filters={filters}
            choices={choices}
            watchlists={watchlistChoices}
            onChange={change}
          />
        }
      />
      {actions.dialog}
    </div>
  );
}
