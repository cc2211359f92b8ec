/**
 * What the `audit.*` commands act on: the Audit log screen. It registers itself while mounted;
 * without one, the commands say why they are disabled.
 */
export interface AuditScreenController {
  /** Moves the keys to the first filter (user). */
  openFilters(): void;
  /** Downloads the filtered view as CSV. */
  exportCsv(): void;
}

let active: AuditScreenController | null = null;

/** Makes an audit screen the target of its commands; returns a function that undoes it. */
export function setActiveAuditScreen(controller: AuditScreenController): () => void {
  active = controller;
  return () => {
    if (active === controller) active = null;
  };
}

/** The audit screen on show, if any. */
export function activeAuditScreen(): AuditScreenController | null {
  return active;
}

/** Why an audit command cannot run here, or null. */
export function auditCommandBlocked(permissions: ReadonlySet<string>): string | null {
  if (!permissions.has('audit.read')) return 'Your role does not allow reading the audit log.';
  return active ? null : 'Open the Audit log first.';
}
