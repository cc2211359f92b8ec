import type { Kysely } from 'kysely';

import type { Viewer } from '../accounts/viewer';
import type { AlertRow } from '../db/queries/alerts';
import { updateAlert } from '../db/queries/alerts';
import { findOpenCaseAbout } from '../db/queries/investigations';
import type { Database } from '../db/schema';
import type { AlertAuditEntry } from './alert-triage';
import { createInvestigation } from './create-investigation';

const DAY_MS = 86_400_000;
/** How much of the person's activity before the alert a case opened from it covers. */
const CASE_LEAD_DAYS = 30;

/**
 * The case's own history line for the alert (the case history lists entries about the case):
 * the case opened from it, or the alert added to the open case.
 */
export interface CaseAlertEntry {
  action: 'investigation.create' | 'investigation.alert.add';
  targetType: 'investigation';
  targetId: string;
  details: { alertId: string; alertTitle: string; severity: string; subjectEmployeeId: string };
}

/**
 * Turns an alert into a case, in the caller's transaction: the alert joins the person's open
 * case if they have one, or a new case about them opens, covering the month before the alert
 * up to today, titled after the alert's rule (never after the person: names only come from the
 * employee presenter). The alert is then `escalated` and points at the case. Returns the
 * alert's audit entry and the case's (its history says where it came from).
 */
export async function escalateAlert(
  db: Kysely<Database>,
  viewer: Viewer,
  alert: AlertRow,
  now: number,
): Promise<{
  investigationId: string;
  created: boolean;
  entry: AlertAuditEntry;
  caseEntry: CaseAlertEntry;
}> {
  const open = await findOpenCaseAbout(db, alert.employee_id);
  let investigationId: string;
  if (open) {
    investigationId = open.id;
  } else {
    investigationId = await createInvestigation(
      db,
      viewer,
      {
        title: `Alert: ${alert.title}`,
        description: `Opened from an alert raised on ${new Date(Number(alert.created_at)).toISOString().slice(0, 10)}: ${alert.why}`,
        subjectEmployeeId: alert.employee_id,
        type: 'other',
        riskLevel: 'low',
        assigneeUserId: alert.assignee_id ?? viewer.userId,
        memberUserIds: [],
        windowStart: Number(alert.first_time) - CASE_LEAD_DAYS * DAY_MS,
        windowEnd: Math.max(now, Number(alert.last_time) + 1),
      },
      now,
    );
  }
  await updateAlert(db, alert.id, { status: 'escalated', investigationId, reason: null }, now);
  return {
    investigationId,
    created: !open,
    caseEntry: {
      action: open ? 'investigation.alert.add' : 'investigation.create',
      targetType: 'investigation',
      targetId: investigationId,
      details: {
        alertId: alert.id,
        alertTitle: alert.title,
        severity: alert.severity,
        subjectEmployeeId: alert.employee_id,
      },
    },
    entry: {
      action: 'alert.escalate',
      targetType: 'alert',
      targetId: alert.id,
      details: {
        employeeId: alert.employee_id,
        investigationId,
        created: !open,
        changes: { status: { from: alert.status, to: 'escalated' } },
      },
    },
  };
}
