import type { Reveal } from '../../../shared/schemas/privacy';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime, isoDateTime } from '../../components/format';
import { RevealStatusText, revealStatusLabels } from './reveal-status';

/** The Reveal requests table: the case by title, the person by pseudonym, never a name. */
export const revealColumns: DataTableColumn<Reveal>[] = [
  {
    id: 'status',
    header: 'Status',
    value: (r) => r.status,
    cell: (r) => <RevealStatusText status={r.status} expiresAt={r.expiresAt} />,
    exportText: (r) => revealStatusLabels[r.status],
    width: 190,
    keyColumn: true,
  },
  {
    id: 'case',
    header: 'Investigation',
    value: (r) => r.investigationTitle ?? r.investigationId,
    width: 240,
    keyColumn: true,
  },
  { id: 'person', header: 'Person', value: (r) => r.pseudonym, width: 170, keyColumn: true },
  { id: 'purpose', header: 'Purpose', value: (r) => r.purpose },
  {
    id: 'requestedBy',
    header: 'Requested by',
    value: (r) => r.requestedBy.displayName,
    width: 150,
  },
  {
    id: 'requestedAt',
    header: 'Requested',
    value: (r) => r.requestedAt,
    cell: (r) => formatDateTime(r.requestedAt),
    exportText: (r) => isoDateTime(r.requestedAt),
    width: 150,
  },
  {
    id: 'decidedBy',
    header: 'Decided by',
    value: (r) => r.decidedBy?.displayName ?? '',
    width: 140,
    hiddenByDefault: true,
  },
  {
    id: 'reason',
    header: 'Decision reason',
    value: (r) => r.decisionReason ?? '',
    hiddenByDefault: true,
  },
];
