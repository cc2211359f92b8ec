import { findTechnique, techniqueName } from '../../../shared/attack';
import { severityLabels } from '../../../shared/incident-model';
import type { IncidentSeverity } from '../../../shared/incident-model';
import { alertStatusLabels } from '../../../shared/schemas/alerts';
import type { AlertStatus } from '../../../shared/schemas/alerts';
import { Tooltip } from '../../components/tooltip';

/** A severity, coloured like the risk levels it mirrors. */
export function SeverityBadge(props: { severity: IncidentSeverity }) {
  return <span className={`badge risk-${props.severity}`}>{severityLabels[props.severity]}</span>;
}

/** Where an alert stands in triage. */
export function AlertStatusBadge(props: { status: AlertStatus }) {
  return (
    <span className={`badge alert-status-${props.status}`}>{alertStatusLabels[props.status]}</span>
  );
}

/** Technique ids, each with its name in a tooltip (the catalogue's, else the id). */
export function TechniqueChips(props: { techniques: readonly string[] }) {
  return (
    <span className="alert-techniques">
      {props.techniques.map((id) => (
        <Tooltip key={id} content={techniqueName(id)}>
          <span className="alert-technique mono">{id}</span>
        </Tooltip>
      ))}
    </span>
  );
}

/** ATT&CK's page of a technique (`T1052.001` → …/techniques/T1052/001/). */
export function attackUrl(id: string): string {
  return `https://attack.mitre.org/techniques/${id.replace('.', '/')}/`;
}

/**
 * A technique by id and name; a technique of Vigil's ATT&CK catalogue links to its page on the
 * ATT&CK site, one the catalogue does not know shows its id alone.
 */
export function TechniqueLink(props: { id: string }) {
  const known = findTechnique(props.id);
  if (!known) return <span className="mono">{props.id}</span>;
  return (
    <a href={attackUrl(props.id)} target="_blank" rel="noreferrer noopener">
      <span className="mono">{props.id}</span> {known.name}
    </a>
  );
}
