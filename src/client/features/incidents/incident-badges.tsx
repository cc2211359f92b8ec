import { techniqueName } from '../../../shared/attack';
import { incidentStatusLabels, severityLabels } from '../../../shared/incident-model';
import type { IncidentSeverity, IncidentStatus } from '../../../shared/incident-model';
import { Tooltip } from '../../components/tooltip';

/** A severity, coloured like the risk levels it mirrors. */
export function SeverityBadge(props: { severity: IncidentSeverity }) {
  return <span className={`badge risk-${props.severity}`}>{severityLabels[props.severity]}</span>;
}

/** Where an incident stands. */
export function IncidentStatusBadge(props: { status: IncidentStatus }) {
  return (
    <span className={`badge incident-status-${props.status}`}>
      {incidentStatusLabels[props.status]}
    </span>
  );
}

/** Technique ids, each with its name on hover. */
export function TechniqueChips(props: { techniques: readonly string[] }) {
  return (
    <span className="technique-chips">
      {props.techniques.map((id) => (
        <Tooltip key={id} content={techniqueName(id)}>
          <span className="technique-chip mono">{id}</span>
        </Tooltip>
      ))}
    </span>
  );
}
