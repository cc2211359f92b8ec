import { severityLabels, severityRank } from '../../../shared/incident-model';
import type { DetectionRule } from '../../../shared/schemas/detection-rules';
import type { DataTableColumn } from '../../components/data-table/data-table';
import {
  EnabledBadge,
  enabledLabel,
  SeverityBadge,
  TechniqueIds,
  formatLabels,
  originLabels,
} from './rule-badges';

/**
 * The rule list's columns; policies are shown by title (`policyTitle` falls back to the id).
 * Everything is in memory (a few dozen rules), so every column sorts and the filter box
 * searches all of them.
 */
export function ruleColumns(policyTitle: (id: string) => string): DataTableColumn<DetectionRule>[] {
  return [
    // No width: the title takes the room the other columns leave.
    { id: 'title', header: 'Rule', value: (r) => r.title, keyColumn: true },
    {
      id: 'format',
      header: 'Format',
      value: (r) => formatLabels[r.format],
      width: 76,
    },
    {
      id: 'origin',
      header: 'Origin',
      value: (r) => originLabels[r.origin],
      width: 84,
    },
    {
      id: 'severity',
      header: 'Severity',
      value: (r) => severityRank(r.severity),
      cell: (r) => <SeverityBadge severity={r.severity} />,
      exportText: (r) => severityLabels[r.severity],
      width: 92,
      keyColumn: true,
    },
    {
      id: 'techniques',
      header: 'Techniques',
      value: (r) => r.techniques.join(' '),
      cell: (r) => <TechniqueIds techniques={r.techniques} />,
      width: 150,
    },
    {
      id: 'policies',
      header: 'Policies',
      value: (r) => r.policies.map(policyTitle).join(', '),
      width: 230,
    },
    {
      id: 'enabled',
      header: 'Enabled',
      // Words, so the filter box finds "disabled" rules.
      value: enabledLabel,
      cell: (r) => <EnabledBadge rule={r} />,
      width: 96,
      keyColumn: true,
    },
    { id: 'id', header: 'Id', value: (r) => r.id, width: 200, hiddenByDefault: true },
  ];
}
