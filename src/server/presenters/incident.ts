import type { IncidentSeverity, IncidentStatus } from '../../shared/incident-model';
import type { IncidentSummary } from '../../shared/schemas/incidents';
import { readJson } from '../db/dialect';
import type { IncidentRow } from '../db/queries/incidents';

/** An incident row as the API shows it. */
export function presentIncident(row: IncidentRow): IncidentSummary {
  return {
    id: row.id,
    investigationId: row.investigation_id,
    ruleId: row.rule_id,
    title: row.title,
    severity: row.severity as IncidentSeverity,
    status: row.status as IncidentStatus,
    statusReason: row.status_reason,
    statusBy: row.status_by
      ? {
          id: row.status_by,
          email: row.status_by_email ?? '',
          displayName: row.status_by_name ?? '',
        }
      : null,
    statusAt: row.status_at,
    techniques: readJson<string[]>(row.techniques),
    firstSeen: row.first_seen,
    lastSeen: row.last_seen,
    why: row.why,
    eventCount: row.event_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
