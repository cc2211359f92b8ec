import { itmSection, itmThemeOf } from '../../../shared/insider-threat-matrix';
import { severityRank } from '../../../shared/incident-model';
import type { IncidentSummary } from '../../../shared/schemas/incidents';
import type { ActiveItmReply } from '../../../shared/schemas/itm';

type ActiveSection = ActiveItmReply['sections'][number];

/**
 * The Insider Threat Matrix sections a case's incidents belong to (through the rules that raised
 * them), with counts and the worst severity, dismissed incidents left out; in matrix order
 * (motive, means, preparation, infringement, anti-forensics), then id.
 */
export function activeItmSections(
  incidents: readonly IncidentSummary[],
  itmOfRule: ReadonlyMap<string, readonly string[]>,
): ActiveSection[] {
  const byId = new Map<string, ActiveSection>();
  for (const incident of incidents) {
    if (incident.status === 'dismissed') continue;
    for (const id of itmOfRule.get(incident.ruleId) ?? []) {
      const section = itmSection(id);
      const theme = itmThemeOf(id);
      if (!section || !theme) continue;
      let entry = byId.get(id);
      if (!entry) {
        entry = {
          id,
          name: section.name,
          theme,
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
  const order = ['MT', 'ME', 'PR', 'IF', 'AF'];
  return [...byId.values()].sort(
    (a, b) =>
      order.indexOf(a.theme) - order.indexOf(b.theme) ||
      a.id.localeCompare(b.id, 'en', { numeric: true }),
  );
}
