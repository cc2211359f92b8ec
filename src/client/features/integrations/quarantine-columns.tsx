import type { QuarantinedRecord } from '../../../shared/schemas/quarantine';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime, isoDateTime } from '../../components/format';
import { formatBytes, rawPreview } from './visible-raw';

/** The quarantine's columns: where a record came from, why it was set aside, and its text. */
export const quarantineColumns: DataTableColumn<QuarantinedRecord>[] = [
  {
    id: 'position',
    header: 'Record',
    value: (r) => r.position,
    cell: (r) => `#${r.position} of run ${r.runId}`,
    exportText: (r) => `${r.runId}:${r.position}`,
    width: 140,
    sortable: false,
    keyColumn: true,
  },
  {
    id: 'reason',
    header: 'Reason',
    value: (r) => r.reason,
    width: 320,
    sortable: false,
    keyColumn: true,
  },
  {
    id: 'size',
    header: 'Size',
    value: (r) => r.rawBytes,
    cell: (r) => `${formatBytes(r.rawBytes)}${r.truncated ? ' (cut at 1 MB)' : ''}`,
    align: 'right',
    width: 110,
    sortable: false,
  },
  {
    id: 'quarantinedAt',
    header: 'Set aside',
    value: (r) => r.quarantinedAt,
    cell: (r) => formatDateTime(r.quarantinedAt),
    exportText: (r) => isoDateTime(r.quarantinedAt),
    width: 190,
    sortable: false,
  },
  {
    id: 'raw',
    header: 'Raw record',
    value: (r) => rawPreview(r),
    cell: (r) => <span className="mono quarantine-preview">{rawPreview(r)}</span>,
    sortable: false,
  },
];
