import type { IncidentSeverity } from '../../shared/incident-model';
import type { AlertStatus, AlertSummary } from '../../shared/schemas/alerts';
import { readJson } from '../db/dialect';
import type { AlertRow } from '../db/queries/alerts';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { presentEmployeeRef } from './employee';

/** An alert row as the API shows it; its person passes through the employee presenter. */
export function presentAlert(row: AlertRow, policy: IdentityPolicy): AlertSummary {
  return {
    id: row.id,
    ruleId: row.rule_id,
    title: row.title,
    severity: row.severity as IncidentSeverity,
    status: row.status as AlertStatus,
    subject: presentEmployeeRef(
      {
        id: row.employee_id,
        fullName: row.subject_name,
        email: row.subject_email,
        department: row.subject_department,
        title: row.subject_title,
      },
      policy,
    ),
    techniques: readJson<string[]>(row.techniques),
    itm: readJson<string[]>(row.itm),
    firstSeen: Number(row.first_time),
    lastSeen: Number(row.last_time),
    eventCount: row.event_count,
    why: row.why,
    assignee: row.assignee_id
      ? {
          id: row.assignee_id,
          email: row.assignee_email ?? '',
          displayName: row.assignee_name ?? '',
        }
      : null,
    reason: row.reason,
    investigationId: row.investigation_id,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
