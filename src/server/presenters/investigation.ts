import type { Investigation } from '../../shared/schemas/investigations';
import type { InvestigationDetailRow } from '../db/queries/investigations';
import { writtenText } from '../privacy/identity-policy';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { presentEmployeeRef } from './employee';

type MemberRow = { investigation_id: string; id: string; email: string; display_name: string };

/**
 * An investigation row and its members as the API shows them. Its title, description and reasons
 * are text people wrote: a person they name reads "[withheld]" under pseudonyms.
 */
export function presentInvestigation(
  row: InvestigationDetailRow,
  members: MemberRow[],
  policy: IdentityPolicy,
): Investigation {
  return {
    id: row.id,
    title: writtenText(policy, row.title),
    description: writtenText(policy, row.description),
    status: row.status as Investigation['status'],
    riskLevel: row.risk_level as Investigation['riskLevel'],
    riskScore: row.risk_score,
    type: row.type as Investigation['type'],
    subject: presentEmployeeRef(
      {
        id: row.subject_employee_id,
        fullName: row.subject_full_name,
        email: row.subject_email,
        department: row.subject_department,
        title: row.subject_title,
      },
      policy,
    ),
    assignee:
      row.assignee_user_id === null
        ? null
        : {
            id: row.assignee_user_id,
            email: row.assignee_email ?? '',
            displayName: row.assignee_name ?? '',
          },
    members: members
      .filter((member) => member.investigation_id === row.id)
      .map((member) => ({ id: member.id, email: member.email, displayName: member.display_name })),
    windowStart: row.window_start,
    windowEnd: row.window_end,
    createdBy: { id: row.created_by, email: row.creator_email, displayName: row.creator_name },
    createdAt: row.created_at,
    updatedBy: { id: row.updated_by, email: row.updater_email, displayName: row.updater_name },
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
    outcome: row.status === 'closed' ? (row.outcome as Investigation['outcome']) : null,
    outcomeReason:
      row.status === 'closed' && row.outcome_reason !== null
        ? writtenText(policy, row.outcome_reason)
        : null,
    analysis: {
      state: row.analysis_state as Investigation['analysis']['state'],
      updatedAt: row.analysis_updated_at,
    },
    legalHold:
      row.legal_hold_at === null
        ? null
        : {
            at: row.legal_hold_at,
            by: {
              id: row.legal_hold_by ?? '',
              email: row.holder_email ?? '',
              displayName: row.holder_name ?? '',
            },
            reason: writtenText(policy, row.legal_hold_reason ?? ''),
          },
  };
}
