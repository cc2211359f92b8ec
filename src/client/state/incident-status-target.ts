import type { IncidentStatus } from '../../shared/incident-model';

/** What the `incident.setStatus` command acts on: the incidents a screen has in hand. */
export interface IncidentStatusTarget {
  investigationId: string;
  /** The incidents the change applies to (the open incident, or the selected rows). */
  incidentIds(): string[];
  /** Applies a status; a screen asks for the reason of a dismissal itself. */
  setStatus(status: IncidentStatus): void;
}

let target: IncidentStatusTarget | null = null;

/** Makes a screen the target of incident status commands; returns the function that undoes it. */
export function setIncidentStatusTarget(next: IncidentStatusTarget): () => void {
  target = next;
  return () => {
    if (target === next) target = null;
  };
}

/** The screen incident status commands act on, if any. */
export function incidentStatusTarget(): IncidentStatusTarget | null {
  return target;
}
