import { techniqueName } from '../../../shared/attack';
import { severityLabels, severityRank } from '../../../shared/incident-model';
import { alertStatusLabels } from '../../../shared/schemas/alerts';
import type { AlertSummary } from '../../../shared/schemas/alerts';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { isoDateTime } from '../../components/format';
import { AlertStatusBadge, SeverityBadge, TechniqueChips } from './alert-badges';

// A queue spans weeks, not years: the day and the time, in the reader's zone, fit a narrow column
// (the CSV keeps the full ISO moment).
const short = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const formatShort = (ms: number) => short.format(ms);

const columns: DataTableColumn<AlertSummary>[] = [
  {
    id: 'severity',
    header: 'Severity',
    value: (a) => severityRank(a.severity),
    cell: (a) => <SeverityBadge severity={a.severity} />,
    exportText: (a) => severityLabels[a.severity],
    width: 88,
    keyColumn: true,
  },
  // No width: the title takes the room the other columns leave.
  { id: 'title', header: 'Alert', value: (a) => a.title, keyColumn: true },
  {
    id: 'person',
    header: 'Person',
    value: (a) => a.subject.fullName,
    width: 140,
    keyColumn: true,
  },
  {
    id: 'status',
    header: 'Status',
    value: (a) => a.status,
    cell: (a) => <AlertStatusBadge status={a.status} />,
    exportText: (a) => alertStatusLabels[a.status],
    width: 130,
    keyColumn: true,
  },
  {
    id: 'assignee',
    header: 'Assignee',
    value: (a) => a.assignee?.displayName ?? '',
    cell: (a) => a.assignee?.displayName ?? <span className="muted">Unassigned</span>,
    exportText: (a) => a.assignee?.displayName ?? '',
    width: 120,
  },
  {
    id: 'techniques',
    header: 'Techniques',
    value: (a) => `${a.techniques.join(' ')} ${a.techniques.map(techniqueName).join(' ')}`,
    cell: (a) => <TechniqueChips techniques={a.techniques} />,
    exportText: (a) => a.techniques.join(' '),
    width: 130,
  },
  { id: 'events', header: 'Events', value: (a) => a.eventCount, align: 'right', width: 64 },
  {
    id: 'firstSeen',
    header: 'First seen',
    value: (a) => a.firstSeen,
    cell: (a) => formatShort(a.firstSeen),
    exportText: (a) => isoDateTime(a.firstSeen),
    width: 132,
    // Shown on the alert's page; here its room goes to the title, which was cut.
    hiddenByDefault: true,
  },
  {
    id: 'lastSeen',
    header: 'Last seen',
    value: (a) => a.lastSeen,
    cell: (a) => formatShort(a.lastSeen),
    exportText: (a) => isoDateTime(a.lastSeen),
    width: 132,
  },
  { id: 'why', header: 'Why', value: (a) => a.why, hiddenByDefault: true },
  { id: 'rule', header: 'Rule', value: (a) => a.ruleId, width: 170, hiddenByDefault: true },
];

/**
 * The columns of the alert queue. None sorts: the server orders the queue worst first
 * (severity, then the newest last event) and pages it in that order.
 */
export const alertColumns = columns.map((column) => ({ ...column, sortable: false }));
