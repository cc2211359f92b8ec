import type { HuntRow } from '../../../shared/schemas/hunt';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime, isoDateTime } from '../../components/format';

/** The hunt grid's columns; the sortable ones are sorted by the server. */
export const huntColumns: DataTableColumn<HuntRow>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (r) => r.time,
    cell: (r) => formatDateTime(r.time),
    exportText: (r) => isoDateTime(r.time),
    width: 170,
    keyColumn: true,
  },
  {
    id: 'person',
    header: 'Person',
    value: (r) => r.person?.fullName ?? '',
    width: 170,
    keyColumn: true,
  },
  { id: 'source', header: 'Source', value: (r) => r.source, width: 120 },
  { id: 'activity', header: 'Activity', value: (r) => r.activity, width: 150 },
  { id: 'summary', header: 'What', value: (r) => r.summary, width: 360, sortable: false },
  { id: 'fileName', header: 'File name', value: (r) => r.fileName ?? '', width: 200 },
  { id: 'destination', header: 'Destination', value: (r) => r.destination ?? '', width: 140 },
  { id: 'app', header: 'App', value: (r) => r.app ?? '', width: 130 },
];
