import type { HuntRow } from '../../../shared/schemas/hunt';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime, isoDateTime } from '../../components/format';

/**
 * The hunt grid's columns; the sortable ones are sorted by the server. What happened sits third
 * and shares the row's width, so a narrow grid (beside the facets, in a split) drops the
 * columns after it rather than the sentence; the file name comes next, as what most hunts ask.
 * Every column but the time and the sentence is a hunting field (src/shared/hunt/row-fields.ts),
 * so its cells pivot; the rarer ones are in the Columns menu.
 */
export const huntColumns: DataTableColumn<HuntRow>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (r) => r.time,
    cell: (r) => formatDateTime(r.time),
    exportText: (r) => isoDateTime(r.time),
    width: 160,
    keyColumn: true,
  },
  {
    id: 'person',
    header: 'Person',
    value: (r) => r.person?.fullName ?? '',
    width: 150,
    keyColumn: true,
  },
  { id: 'summary', header: 'What', value: (r) => r.summary, sortable: false, keyColumn: true },
  { id: 'fileName', header: 'File name', value: (r) => r.fileName ?? '', width: 200 },
  { id: 'activity', header: 'Activity', value: (r) => r.activity, width: 140 },
  { id: 'source', header: 'Source', value: (r) => r.source, width: 120 },
  { id: 'destination', header: 'Destination', value: (r) => r.destination ?? '', width: 140 },
  { id: 'app', header: 'App', value: (r) => r.app ?? '', width: 130 },
  {
    id: 'category',
    header: 'Category',
    value: (r) => r.category,
    width: 100,
    hiddenByDefault: true,
  },
  {
    id: 'action',
    header: 'Action',
    value: (r) => r.action,
    width: 150,
    sortable: false,
    hiddenByDefault: true,
  },
  { id: 'outcome', header: 'Outcome', value: (r) => r.outcome, width: 90, hiddenByDefault: true },
  {
    id: 'fileLabel',
    header: 'Label',
    value: (r) => r.fileLabel ?? '',
    width: 120,
    sortable: false,
    hiddenByDefault: true,
  },
  {
    id: 'device',
    header: 'Device',
    value: (r) => r.device ?? '',
    width: 140,
    hiddenByDefault: true,
  },
  {
    id: 'target',
    header: 'Target',
    value: (r) => r.target ?? '',
    width: 160,
    sortable: false,
    hiddenByDefault: true,
  },
];
