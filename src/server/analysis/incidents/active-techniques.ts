import { findTechnique, techniqueName } from '../../../shared/attack';
import { severityRank } from '../../../shared/incident-model';
import type { ActiveTechniquesReply, IncidentSummary } from '../../../shared/schemas/incidents';

/** One technique observed in a case. */
export type ActiveTechnique = ActiveTechniquesReply['techniques'][number];

/**
 * The techniques a case's incidents name, with how many incidents and events each has and the
 * worst severity among them. Dismissed incidents do not count: the investigator ruled them out.
 * Ordered by tactic (matrix order), then id.
 */
export function activeTechniques(incidents: readonly IncidentSummary[]): ActiveTechnique[] {
  const byId = new Map<string, ActiveTechnique>();
  for (const incident of incidents) {
    if (incident.status === 'dismissed') continue;
    for (const id of incident.techniques) {
      let entry = byId.get(id);
      if (!entry) {
        entry = {
          technique: id,
          name: techniqueName(id),
          tactics: [...(findTechnique(id)?.tactics ?? [])],
          count: 0,
          eventCount: 0,
          maxSeverity: incident.severity,
          incidents: [],
        };
        byId.set(id, entry);
      }
      entry.count++;
      entry.eventCount += incident.eventCount;
      entry.incidents.push(incident.id);
      if (severityRank(incident.severity) > severityRank(entry.maxSeverity))
        entry.maxSeverity = incident.severity;
    }
  }
  return [...byId.values()].sort((a, b) =>
    a.technique.localeCompare(b.technique, 'en', { numeric: true }),
  );
}
