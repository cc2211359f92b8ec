import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { canSeeAlerts } from '../../../shared/permissions';
import type { DirectoryEmployee } from '../../../shared/schemas/employees';
import { usePermissions } from '../../api/auth/me';
import { useEmployees } from '../../api/employees/list-employees';
import type { EmployeeSort } from '../../api/employees/list-employees';
import { cannotCreateInvestigation } from '../../commands/investigation/cannot-create-investigation';
import { RiskBadge } from '../../components/badges';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { PageHeader } from '../../components/page-header';
import { openDialogAtom } from '../../state/dialogs';
import { EmployeePanel } from './employee-panel';

/**
 * A person's risk score with its level; blank for people never scored. Sorting by it puts the
 * riskiest first (descending) and the unscored last either way.
 */
const riskColumn: DataTableColumn<DirectoryEmployee> = {
  id: 'risk',
  header: 'Risk',
  value: (e) => e.riskScore ?? undefined,
  cell: (e) =>
    e.riskLevel !== null && e.riskScore !== null ? (
      <RiskBadge level={e.riskLevel} score={e.riskScore} />
    ) : (
      <span className="faint">Not scored</span>
    ),
  exportText: (e) => (e.riskScore === null ? '' : `${e.riskScore} (${e.riskLevel ?? ''})`),
  width: 110,
  keyColumn: true,
};

const columns: DataTableColumn<DirectoryEmployee>[] = [
  { id: 'name', header: 'Name', value: (e) => e.fullName, width: 190 },
  { id: 'id', header: 'Id', value: (e) => e.id, width: 90 },
  // No width: job titles are long and take the room the other columns leave.
  { id: 'title', header: 'Title', value: (e) => e.title },
  { id: 'department', header: 'Department', value: (e) => e.department, width: 130 },
  { id: 'location', header: 'Location', value: (e) => e.location, width: 130 },
  { id: 'email', header: 'Email', value: (e) => e.email, width: 240, hiddenByDefault: true },
  {
    id: 'timezone',
    header: 'Time zone',
    value: (e) => e.timezone,
    width: 160,
    hiddenByDefault: true,
  },
  {
    id: 'departure',
    header: 'Leaving',
    value: (e) => e.departureDate ?? e.resignationDate ?? '',
    width: 110,
  },
];

/**
 * The employee directory; opening a row shows the person, their cases, and starts a new one.
 * Roles that see alerts also see each person's risk score; `?sort=risk` (the palette's "Risky
 * People") lists the riskiest first.
 */
export default function EmployeesPage() {
  const permissions = usePermissions();
  // The chosen person is in the URL (?employee=), so a link or the palette can open them.
  const [params, setParams] = useSearchParams();
  const sort: EmployeeSort = params.get('sort') === 'risk' ? 'risk' : 'name';
  const employees = useEmployees(undefined, sort);
  const openDialog = useSetAtom(openDialogAtom);
  const selected = params.get('employee');
  const setSelected = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('employee', id);
    else next.delete('employee');
    setParams(next, { replace: true });
  };
  const rows = useMemo(() => employees.data?.employees ?? [], [employees.data]);
  const person = rows.find((e) => e.id === selected) ?? null;
  // Scores say that alerts exist: the column is for those who may see alerts.
  const seesRisk = canSeeAlerts(permissions);
  const shownColumns = useMemo(
    // After name and id (which links and tests read by position), before the title.
    () => (seesRisk ? [...columns.slice(0, 2), riskColumn, ...columns.slice(2)] : columns),
    [seesRisk],
  );
  // The same rule as the palette's create commands, so a role without the right sees no button.
  const createBlocked = cannotCreateInvestigation({ permissions });
  return (
    <div className="page" style={{ height: '100%', gridTemplateRows: 'auto 1fr' }}>
      <PageHeader
        title="Employees"
        subtitle={
          employees.data
            ? `${employees.data.total} people from HR and identity records${sort === 'risk' ? ', riskiest first' : ''}`
            : undefined
        }
        actions={
          // With a person open, the panel beside their cases offers the investigation instead.
          person || createBlocked ? undefined : (
            <button
              type="button"
              className="button"
              onClick={() => openDialog({ kind: 'createInvestigation' })}
            >
              Open investigation
            </button>
          )
        }
      />
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: person ? 'minmax(0, 1fr) 340px' : '1fr',
          gap: 14,
          minHeight: 0,
        }}
      >
        <DataTable
          // A new order from the URL starts the table over in that order.
          key={sort}
          label="Employees"
          columns={shownColumns}
          rows={rows}
          getRowId={(e) => e.id}
          selectedRowId={person?.id}
          loading={employees.isLoading}
          height="fill"
          exportName="employees"
          initialSort={sort === 'risk' ? { id: 'risk', desc: true } : { id: 'name', desc: false }}
          onOpen={(e) => setSelected(e.id)}
          emptyMessage="No employees yet: they come from the HR feed and identity sources."
        />
        {person ? (
          <EmployeePanel
            employee={person}
            createBlocked={createBlocked}
            onClose={() => setSelected(null)}
          />
        ) : null}
      </div>
    </div>
  );
}
