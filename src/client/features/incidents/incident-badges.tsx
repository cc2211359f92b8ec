import { techniqueName } from '../../../shared/attack';
import { incidentStatusLabels, severityLabels } from '../../../shared/incident-model';
import type { IncidentSeverity, IncidentStatus } from '../../../shared/incident-model';

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
        <span key={id} className="technique-chip mono" title={techniqueName(id)}>
          {id}
        </span>
      ))}
    </span>
  );
}
