import { riskLabels, statusLabels } from '../../shared/investigation-model';
import type { InvestigationStatus, RiskLevel } from '../../shared/investigation-model';

export function RiskBadge(props: { level: RiskLevel; score?: number }) {
  return (
    <span
      className={`badge risk-${props.level}`}
      title={props.score !== undefined ? `Risk score ${props.score}` : undefined}
    >
      {riskLabels[props.level]}
      {props.score ? ` · ${props.score}` : ''}
    </span>
  );
}

export function StatusBadge(props: { status: InvestigationStatus }) {
  return <span className={`badge status-${props.status}`}>{statusLabels[props.status]}</span>;
}
