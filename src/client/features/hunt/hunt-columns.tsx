import type { HuntRow } from '../../../shared/schemas/hunt';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime, isoDateTime } from '../../components/format';

/**
 * The hunt grid's columns; the sortable ones are sorted by the server. What happened sits third
 * and shares the row's width, so a narrow grid (beside the facets, in a split) drops the
 * columns after it rather than the sentence.
 */
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
  { id: 'summary', header: 'What', value: (r) => r.summary, sortable: false, keyColumn: true },
  { id: 'activity', header: 'Activity', value: (r) => r.activity, width: 150 },
  { id: 'source', header: 'Source', value: (r) => r.source, width: 120 },
  { id: 'fileName', header: 'File name', value: (r) => r.fileName ?? '', width: 200 },
  { id: 'destination', header: 'Destination', value: (r) => r.destination ?? '', width: 140 },
  { id: 'app', header: 'App', value: (r) => r.app ?? '', width: 130 },
];
