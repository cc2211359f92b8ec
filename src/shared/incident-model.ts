/**
 * The incident vocabulary shared by the rules, the API and the screens: severities (ordered),
 * statuses and their labels.
 */
export const incidentSeverities = ['low', 'medium', 'high', 'critical'] as const;
export type IncidentSeverity = (typeof incidentSeverities)[number];

export const severityLabels: Record<IncidentSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

/** Higher is worse; for sorting and for shading the matrix. */
export function severityRank(severity: IncidentSeverity): number {
  return incidentSeverities.indexOf(severity);
}

/**
 * open: raised, nobody has looked; acknowledged: someone is on it; dismissed: not a concern (a
 * reason is required, and re-runs keep it dismissed); confirmed: part of the case.
 */
export const incidentStatuses = ['open', 'acknowledged', 'dismissed', 'confirmed'] as const;
export type IncidentStatus = (typeof incidentStatuses)[number];

export const incidentStatusLabels: Record<IncidentStatus, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  dismissed: 'Dismissed',
  confirmed: 'Confirmed',
};
