import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { Employee } from '../../../shared/schemas/employees';
import { usePermissions } from '../../api/auth/me';
import { useEmployees } from '../../api/employees/list-employees';
import { cannotCreateInvestigation } from '../../commands/investigation/cannot-create-investigation';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { PageHeader } from '../../components/page-header';
import { openDialogAtom } from '../../state/dialogs';
import { EmployeePanel } from './employee-panel';

const columns: DataTableColumn<Employee>[] = [
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

/** The employee directory; opening a row shows the person, their cases, and starts a new one. */
export default function EmployeesPage() {
  const employees = useEmployees();
  const openDialog = useSetAtom(openDialogAtom);
  // The chosen person is in the URL (?employee=), so a link or the palette can open them.
  const [params, setParams] = useSearchParams();
  const selected = params.get('employee');
  const setSelected = (id: string | null) =>
    setParams(id ? { employee: id } : {}, { replace: true });
  const rows = useMemo(() => employees.data?.employees ?? [], [employees.data]);
  const person = rows.find((e) => e.id === selected) ?? null;
  // The same rule as the palette's create commands, so a role without the right sees no button.
  const createBlocked = cannotCreateInvestigation({ permissions: usePermissions() });
  return (
    <div className="page" style={{ height: '100%', gridTemplateRows: 'auto 1fr' }}>
      <PageHeader
        title="Employees"
        subtitle={
          employees.data ? `${employees.data.total} people from HR and identity records` : undefined
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
          label="Employees"
          columns={columns}
          rows={rows}
          getRowId={(e) => e.id}
          selectedRowId={person?.id}
          loading={employees.isLoading}
          height="fill"
          exportName="employees"
          initialSort={{ id: 'name', desc: false }}
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
