import type { Kysely } from 'kysely';

import type { AlertBulkAction, AlertStatus } from '../../shared/schemas/alerts';
import { scorePerson } from '../analysis/alerts/person-risk';
import type { AlertChange, AlertRow } from '../db/queries/alerts';
import { getConfiguration } from '../db/queries/configuration';
import { updateAlert } from '../db/queries/alerts';
import type { Database } from '../db/schema';
import { conflict } from '../domain-error';
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
 * new assignee must be an active user. A reason is kept only with a dismissal.
 */
export async function triageAlert(
  db: Kysely<Database>,
  alert: AlertRow,
  request: TriageRequest,
  now: number,
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
