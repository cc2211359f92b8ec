import type {
  AlertBulkAction,
  AlertSummary,
  UpdateAlertBody,
} from '../../../shared/schemas/alerts';
import { bulkAlerts } from '../../api/alerts/bulk-alerts';
import { updateAlert } from '../../api/alerts/update-alert';

/** A change to alerts: the bulk action, and what it needs (a dismissal's reason, an assignee). */
export type AlertChange =
  | { action: 'dismiss'; reason: string }
  | { action: 'review' }
  | { action: 'reopen' }
  | { action: 'assign'; assigneeId: string | null };

/** The PATCH body of a change to one alert. */
export function patchBody(change: AlertChange): UpdateAlertBody {
  switch (change.action) {
    case 'dismiss':
      return { status: 'dismissed', reason: change.reason };
    case 'review':
      return { status: 'in_review' };
    case 'reopen':
      return { status: 'new' };
    case 'assign':
      return { assigneeId: change.assigneeId };
  }
}

/** What a change did: how many alerts, and for one alert the server's copy of it. */
export interface AppliedChange {
  count: number;
  updated: AlertSummary | null;
}

/**
 * Sends a change: one PATCH for one alert, one all-or-nothing POST /alerts/bulk for several.
 * Throws the server's refusal (an HttpError) untouched, so forms can place its issues.
 */
export async function applyAlertChange(
  alerts: readonly AlertSummary[],
  change: AlertChange,
): Promise<AppliedChange> {
  if (alerts.length === 1) {
    const updated = await updateAlert(alerts[0]!.id, patchBody(change));
    return { count: 1, updated };
  }
  const action: AlertBulkAction = change.action;
  const reply = await bulkAlerts({
    ids: alerts.map((alert) => alert.id),
    action,
    ...(change.action === 'dismiss' ? { reason: change.reason } : {}),
    ...(change.action === 'assign' ? { assigneeId: change.assigneeId } : {}),
  });
  return { count: reply.updated, updated: null };
}

const PAST: Record<Exclude<AlertChange['action'], 'assign'>, string> = {
  dismiss: 'dismissed',
  review: 'marked in review',
  reopen: 'reopened',
};

/** "Alert dismissed", "3 alerts assigned to Ada Park", "2 alerts unassigned". */
export function changeSentence(change: AlertChange, count: number, assignee?: string): string {
  const what = count === 1 ? 'Alert' : `${count.toLocaleString('en-US')} alerts`;
  if (change.action !== 'assign') return `${what} ${PAST[change.action]}`;
  if (change.assigneeId === null) return `${what} unassigned`;
  return `${what} assigned to ${assignee ?? 'the chosen user'}`;
}

/** What the error toast says failed. */
export function failureTitle(change: AlertChange, count: number): string {
  const what = count === 1 ? 'the alert' : `the ${count.toLocaleString('en-US')} alerts`;
  const verb = { dismiss: 'dismiss', review: 'mark', reopen: 'reopen', assign: 'assign' }[
    change.action
  ];
  return `Could not ${verb} ${what}${change.action === 'review' ? ' in review' : ''}`;
}

/**
 * Where the cursor goes after a change: the row it was on, if the change left it alone, else
 * the next row the change did not touch (the one the investigator would go on with), else the
 * nearest one above. Null when no row is left.
 */
export function nextCursorRow(
  rowIds: readonly string[],
  cursorId: string | null,
  changed: ReadonlySet<string>,
): string | null {
  const start = Math.max(0, cursorId === null ? 0 : rowIds.indexOf(cursorId));
  for (let i = start; i < rowIds.length; i++) if (!changed.has(rowIds[i]!)) return rowIds[i]!;
  for (let i = start - 1; i >= 0; i--) if (!changed.has(rowIds[i]!)) return rowIds[i]!;
  return null;
}
