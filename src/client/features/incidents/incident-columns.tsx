import { techniqueName } from '../../../shared/attack';
import { incidentStatusLabels, severityLabels, severityRank } from '../../../shared/incident-model';
import type { IncidentSummary } from '../../../shared/schemas/incidents';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime, isoDateTime } from '../../components/format';
import { IncidentStatusBadge, SeverityBadge, TechniqueChips } from './incident-badges';

/** The columns of the incident list. */
export const incidentColumns: DataTableColumn<IncidentSummary>[] = [
  {
    id: 'severity',
    header: 'Severity',
    value: (i) => severityRank(i.severity),
    cell: (i) => <SeverityBadge severity={i.severity} />,
    exportText: (i) => severityLabels[i.severity],
    width: 96,
    keyColumn: true,
  },
  { id: 'title', header: 'Incident', value: (i) => i.title, keyColumn: true },
  {
    id: 'techniques',
    header: 'Techniques',
    value: (i) => `${i.techniques.join(' ')} ${i.techniques.map(techniqueName).join(' ')}`,
    cell: (i) => <TechniqueChips techniques={i.techniques} />,
    exportText: (i) => i.techniques.join(' '),
    width: 190,
  },
  {
    id: 'status',
    header: 'Status',
    value: (i) => i.status,
    cell: (i) => <IncidentStatusBadge status={i.status} />,
    exportText: (i) => incidentStatusLabels[i.status],
    width: 120,
    keyColumn: true,
  },
  {
    id: 'first',
    header: 'First seen',
    value: (i) => i.firstSeen,
    cell: (i) => formatDateTime(i.firstSeen),
    exportText: (i) => isoDateTime(i.firstSeen),
    width: 170,
  },
  {
    id: 'last',
    header: 'Last seen',
    value: (i) => i.lastSeen,
    cell: (i) => formatDateTime(i.lastSeen),
    exportText: (i) => isoDateTime(i.lastSeen),
    width: 170,
    hiddenByDefault: true,
  },
  { id: 'events', header: 'Events', value: (i) => i.eventCount, align: 'right', width: 80 },
  { id: 'why', header: 'Why', value: (i) => i.why, hiddenByDefault: true },
  { id: 'reason', header: 'Reason', value: (i) => i.statusReason ?? '', hiddenByDefault: true },
];
