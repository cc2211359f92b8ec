import { riskLabels, statusLabels } from '../../shared/investigation-model';
import type { InvestigationStatus, RiskLevel } from '../../shared/investigation-model';
import { Tooltip } from './tooltip';

export function RiskBadge(props: { level: RiskLevel; score?: number }) {
  return (
    <Tooltip content={props.score !== undefined ? `Risk score ${props.score}` : undefined}>
      <span className={`badge risk-${props.level}`}>
        {riskLabels[props.level]}
        {props.score ? ` · ${props.score}` : ''}
      </span>
    </Tooltip>
  );
}

export function StatusBadge(props: { status: InvestigationStatus }) {
  return <span className={`badge status-${props.status}`}>{statusLabels[props.status]}</span>;
}
