import type { Kysely } from 'kysely';

import type { IncidentSeverity } from '../../shared/incident-model';
import type { AlertBulkAction, AlertStatus } from '../../shared/schemas/alerts';
import { scorePerson } from '../analysis/alerts/person-risk';
import type { AlertChange, AlertRow } from '../db/queries/alerts';
import { getConfiguration } from '../db/queries/configuration';
import { updateAlert } from '../db/queries/alerts';
import type { Database } from '../db/schema';
import { conflict } from '../domain-error';
import { queueNotification } from '../notify/queue-notification';
import { checkActiveUsers } from './check-users';

/** The audit entry of a change to an alert (what `app.audited` appends). */
export interface AlertAuditEntry {
  action: string;
  targetType: 'alert';
  targetId: string;
  details: Record<string, unknown>;
}

/** One triage request on one alert: a status (with its reason) and/or an assignee. */
export interface TriageRequest {
  status?: Exclude<AlertStatus, 'escalated'>;
  reason?: string;
  assigneeId?: string | null;
}

/** What a bulk action asks of each alert. */
export function triageOfAction(
  action: AlertBulkAction,
  reason: string | undefined,
  assigneeId: string | null | undefined,
): TriageRequest {
  switch (action) {
    case 'dismiss':
      return { status: 'dismissed', reason };
    case 'review':
      return { status: 'in_review' };
    case 'reopen':
      return { status: 'new' };
    case 'assign':
      return { assigneeId: assigneeId ?? null };
  }
}

/**
 * Applies a triage request to an alert inside the caller's transaction and returns its audit
 * entry. An alert that became a case keeps its status there (only its assignee may change); a
 * new assignee must be an active user, and is told (rules and their own choice) unless they
 * assigned it to themselves. A reason is kept only with a dismissal.
 */
export async function triageAlert(
  db: Kysely<Database>,
  alert: AlertRow,
  request: TriageRequest,
  now: number,
  byUserId: string | null,
): Promise<AlertAuditEntry> {
  if (request.status !== undefined && alert.status === 'escalated') {
    throw conflict(
      `The alert "${alert.title}" became a case: change its status in the investigation.`,
      'status',
    );
  }
  if (request.assigneeId) await checkActiveUsers(db, [request.assigneeId]);
  const change: AlertChange = {};
  if (request.status !== undefined) {
    change.status = request.status;
    change.reason = request.status === 'dismissed' ? (request.reason?.trim() ?? null) : null;
  }
  if (request.assigneeId !== undefined) change.assigneeId = request.assigneeId;
  await updateAlert(db, alert.id, change, now);
  const assignee = change.assigneeId;
  if (assignee && assignee !== alert.assignee_id && assignee !== byUserId) {
    await queueNotification(
      db,
      {
        type: 'alert.assigned',
        alert: {
          id: alert.id,
          title: alert.title,
          severity: alert.severity as IncidentSeverity,
          ruleId: alert.rule_id,
          employeeId: alert.employee_id,
        },
        assigneeUserId: assignee,
      },
      now,
    );
  }
  return {
    action: 'alert.update',
    targetType: 'alert',
    targetId: alert.id,
    details: {
      employeeId: alert.employee_id,
      changes: {
        ...(change.status !== undefined
          ? { status: { from: alert.status, to: change.status } }
          : {}),
        ...(change.reason !== undefined
          ? { reason: { from: alert.reason, to: change.reason } }
          : {}),
        ...(change.assigneeId !== undefined
          ? { assigneeId: { from: alert.assignee_id, to: change.assigneeId } }
          : {}),
      },
    },
  };
}

/** Scores again the people whose alerts changed (their score counts their alerts). */
export async function rescorePeople(
  db: Kysely<Database>,
  employeeIds: Iterable<string>,
  now: number,
): Promise<void> {
  const config = await getConfiguration(db);
  for (const id of new Set(employeeIds)) await scorePerson(db, id, config, now);
}
