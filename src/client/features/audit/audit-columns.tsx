import type { AuditEntry } from '../../../shared/schemas/audit';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime, isoDateTime } from '../../components/format';

/** The details in one line, for the table (Enter opens them whole). */
function detailsLine(entry: AuditEntry): string {
  if (!entry.details) return '';
  const text = JSON.stringify(entry.details);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** The audit log's columns: when, who, what, to what, with which details, from where. */
export const auditColumns: DataTableColumn<AuditEntry>[] = [
  {
    id: 'at',
    header: 'Time',
    value: (e) => e.at,
    cell: (e) => formatDateTime(e.at),
    exportText: (e) => isoDateTime(e.at),
    width: 170,
    sortable: false,
    keyColumn: true,
  },
  {
    id: 'user',
    header: 'User',
    value: (e) => e.actorEmail ?? e.actorUserId,
    width: 230,
    sortable: false,
    keyColumn: true,
  },
  {
    id: 'action',
    header: 'Action',
    value: (e) => e.action,
    cell: (e) => <span className="mono">{e.action}</span>,
    width: 190,
    sortable: false,
    keyColumn: true,
  },
  {
    id: 'target',
    header: 'Target',
    value: (e) => (e.targetType ? `${e.targetType} ${e.targetId ?? ''}`.trim() : null),
    width: 230,
    sortable: false,
  },
  {
    id: 'details',
    header: 'Details',
    value: detailsLine,
    cell: (e) => <span className="mono faint">{detailsLine(e)}</span>,
    sortable: false,
  },
  { id: 'ip', header: 'IP', value: (e) => e.ip, width: 120, sortable: false },
];
