import type { EventRow } from '../../../shared/schemas/findings/common';
import { keyLabel } from '../../../shared/wording';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime, isoDateTime } from '../../components/format';

/** The subject timeline's columns: when, from where, what happened, and its file label. */
export const timelineColumns: DataTableColumn<EventRow>[] = [
  {
    id: 'time',
    header: 'Time',
    value: (e) => e.time,
    cell: (e) => formatDateTime(e.time),
    exportText: (e) => isoDateTime(e.time),
    // "Sep 16, 2026, 10:14 PM" whole: two-digit hours were cut at 170.
    width: 200,
    keyColumn: true,
  },
  {
    id: 'source',
    header: 'Source',
    value: (e) => e.source,
    cell: (e) => keyLabel(e.source),
    width: 140,
    sortable: false,
  },
  {
    id: 'summary',
    header: 'What happened',
    value: (e) => e.summary,
    sortable: false,
    keyColumn: true,
  },
  {
    id: 'activity',
    header: 'Activity',
    value: (e) => e.activity,
    width: 150,
    sortable: false,
    hiddenByDefault: true,
  },
  { id: 'label', header: 'Label', value: (e) => e.fileLabel, width: 150, sortable: false },
  { id: 'app', header: 'App', value: (e) => e.app, width: 140, sortable: false },
  { id: 'outcome', header: 'Outcome', value: (e) => e.outcome, width: 90, sortable: false },
];
