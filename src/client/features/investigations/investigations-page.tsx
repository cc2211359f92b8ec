import { useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';

import {
  investigationStatuses,
  investigationTypes,
  riskLabels,
  riskLevels,
  statusLabels,
  typeLabels,
} from '../../../shared/investigation-model';
import type {
  Investigation,
  ListInvestigationsQuery,
} from '../../../shared/schemas/investigations';
import { usePermissions } from '../../api/auth/me';
import { useInvestigations } from '../../api/investigations/list-investigations';
import { cannotCreateInvestigation } from '../../commands/investigation/cannot-create-investigation';
import { StatusBadge } from '../../components/badges';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDate, formatRelative, isoDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { openDialogAtom } from '../../state/dialogs';
import { workspace } from '../../workspace/workspace-controller';
import { BEING_ANALYSED, CaseRiskBadge, isBeingAnalysed } from './case-risk';

const columns: DataTableColumn<Investigation>[] = [
  // No width: the title takes the room the other columns leave.
  { id: 'title', header: 'Title', value: (i) => i.title, keyColumn: true },
  { id: 'subject', header: 'Subject', value: (i) => i.subject.fullName, width: 170 },
  {
    id: 'status',
    header: 'Status',
    value: (i) => i.status,
    cell: (i) => <StatusBadge status={i.status} />,
    exportText: (i) => statusLabels[i.status],
    width: 100,
    keyColumn: true,
  },
  {
    id: 'risk',
    header: 'Risk',
    value: (i) => i.riskScore,
    cell: (i) => <CaseRiskBadge investigation={i} />,
    exportText: (i) =>
      isBeingAnalysed(i) ? BEING_ANALYSED : `${riskLabels[i.riskLevel]} · ${i.riskScore}`,
    width: 110,
    keyColumn: true,
  },
  { id: 'type', header: 'Type', value: (i) => typeLabels[i.type], width: 150 },
  {
    id: 'assignee',
    header: 'Assignee',
    value: (i) => i.assignee?.displayName ?? '',
    cell: (i) => i.assignee?.displayName ?? <span className="faint">Unassigned</span>,
    width: 140,
  },
  {
    id: 'window',
    header: 'Window',
    value: (i) => i.windowStart,
    cell: (i) => `${formatDate(i.windowStart)} – ${formatDate(i.windowEnd)}`,
    exportText: (i) => `${isoDateTime(i.windowStart)}/${isoDateTime(i.windowEnd)}`,
    width: 200,
    hiddenByDefault: true,
  },
  {
    id: 'updated',
    header: 'Updated',
    value: (i) => i.updatedAt,
    cell: (i) => formatRelative(i.updatedAt),
    exportText: (i) => isoDateTime(i.updatedAt),
    width: 120,
  },
  {
    id: 'department',
    header: 'Department',
    value: (i) => i.subject.department ?? '',
    width: 120,
    hiddenByDefault: true,
  },
];

/** Every investigation the user may see, filtered on the server and sorted in the table. */
export default function InvestigationsPage() {
  const [filters, setFilters] = useState<ListInvestigationsQuery>({ limit: 500 });
  const query = useInvestigations(filters);
  const openDialog = useSetAtom(openDialogAtom);
  const set = (key: keyof ListInvestigationsQuery, value: string) =>
    setFilters((current) => ({ ...current, [key]: value || undefined }));
  const rows = useMemo(() => query.data?.investigations ?? [], [query.data]);
  const createBlocked = cannotCreateInvestigation({ permissions: usePermissions() });

  return (
    <div className="page" style={{ height: '100%', gridTemplateRows: 'auto 1fr' }}>
      <PageHeader
        title="Investigations"
        subtitle={query.data ? `${query.data.total} visible to you` : undefined}
        actions={
          // The same rule as the palette's create commands: a role without the right sees none.
          createBlocked ? undefined : (
            <button
              type="button"
              className="button primary"
              onClick={() => openDialog({ kind: 'createInvestigation' })}
            >
              New investigation
            </button>
          )
        }
      />
      <DataTable
        label="Investigations"
        columns={columns}
        rows={rows}
        getRowId={(i) => i.id}
        loading={query.isLoading}
        height="fill"
        exportName="investigations"
        initialSort={{ id: 'updated', desc: true }}
        onOpen={(i, { newTab }) => workspace.navigate(`/app/investigations/${i.id}`, { newTab })}
        emptyMessage="No investigation matches these filters."
        toolbarExtra={
          <>
            <select
              className="select"
              aria-label="Status"
              value={filters.status ?? ''}
              onChange={(e) => set('status', e.target.value)}
            >
              <option value="">Any status</option>
              {investigationStatuses.map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
            </select>
            <select
              className="select"
              aria-label="Risk"
              value={filters.risk ?? ''}
              onChange={(e) => set('risk', e.target.value)}
            >
              <option value="">Any risk</option>
              {riskLevels.map((r) => (
                <option key={r} value={r}>
                  {riskLabels[r]}
                </option>
              ))}
            </select>
            <select
              className="select"
              aria-label="Type"
              value={filters.type ?? ''}
              onChange={(e) => set('type', e.target.value)}
            >
              <option value="">Any type</option>
              {investigationTypes.map((t) => (
                <option key={t} value={t}>
                  {typeLabels[t]}
                </option>
              ))}
            </select>
            <select
              className="select"
              aria-label="Assignee"
              value={filters.assignee ?? ''}
              onChange={(e) => set('assignee', e.target.value)}
            >
              <option value="">Anyone assigned</option>
              <option value="me">Assigned to me</option>
              <option value="none">Unassigned</option>
            </select>
          </>
        }
      />
    </div>
  );
}
