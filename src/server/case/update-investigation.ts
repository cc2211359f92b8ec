import type { Kysely } from 'kysely';

import type { z } from 'zod';

import { canTransition, statusLabels } from '../../shared/investigation-model';
import type { InvestigationStatus } from '../../shared/investigation-model';
import type { updateInvestigationBodySchema } from '../../shared/schemas/investigations';
import type { Viewer } from '../accounts/viewer';
import {
  findVisibleInvestigation,
  membersOf,
  replaceMembers,
  updateInvestigationRow,
} from '../db/queries/investigations';
import { inTransaction } from '../db/in-transaction';
import type { Database, InvestigationUpdate } from '../db/schema';
import { invalid, conflict } from '../domain-error';
import { holdInvestigation } from '../db/queries/investigation-lock';
import { setRiskLevelByHand } from '../analysis/runs/hand-set-level';
import { checkActiveUsers } from './check-users';
import { invisibleInvestigation } from './load-investigation';
import { visibilityOf } from './visibility';
import { assertHeldWindowKept } from './legal-hold/held-window';
import { assertCaseWritable } from './writable-case';
import { queueNotification } from '../notify/queue-notification';

type UpdateBody = z.output<typeof updateInvestigationBodySchema>;

/** What changed, field by field, for the audit log. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

const COLUMNS = {
  title: 'title',
  description: 'description',
  status: 'status',
  type: 'type',
  assigneeUserId: 'assignee_user_id',
  windowStart: 'window_start',
  windowEnd: 'window_end',
} as const;

/**
 * Applies a PATCH in one transaction (the caller's, when given one): checks the status transition, the window and the people,
 * and returns what changed. A closed case must be reopened (with a reason) before anything else
 * changes; closing records the outcome and its reason, reopening clears them.
 */
export async function updateInvestigation(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
  body: UpdateBody,
  now: number,
): Promise<Changes> {
  return inTransaction(db, async (trx) => {
    await holdInvestigation(trx, id);
    const row = await findVisibleInvestigation(trx, id, visibilityOf(viewer));
    if (!row) throw await invisibleInvestigation(trx, id);
    const from = row.status as InvestigationStatus;
    const to = body.status ?? from;
    if (!canTransition(from, to)) {
      throw conflict(
        `An investigation that is ${statusLabels[from].toLowerCase()} cannot move to ${statusLabels[to].toLowerCase()}.`,
      );
    }
    const reopening = from === 'closed' && to === 'open';
    // A closed case takes nothing but reopening, which needs a reason.
    if (!reopening) assertCaseWritable(from);
    if (reopening && !body.reason)
      throw invalid('Reopening needs a reason: say why the case is opened again.', 'reason');
    const windowStart = body.windowStart ?? row.window_start;
    const windowEnd = body.windowEnd ?? row.window_end;
    if (windowEnd <= windowStart)
      throw invalid('The window must end after it starts.', 'windowEnd');
    if (row.legal_hold_at !== null) assertHeldWindowKept(row, windowStart, windowEnd);

    const changes: Changes = {};
    const update: InvestigationUpdate = {};
    for (const [field, column] of Object.entries(COLUMNS) as Array<
      [keyof typeof COLUMNS, (typeof COLUMNS)[keyof typeof COLUMNS]]
    >) {
      const value = body[field];
      if (value === undefined || value === row[column]) continue;
      changes[field] = { from: row[column], to: value };
      (update as Record<string, unknown>)[column] = value;
    }
    if (body.assigneeUserId) await checkActiveUsers(trx, [body.assigneeUserId]);
    if (body.riskLevel !== undefined) {
      // The level set by hand, kept with who and when; the shown level follows from it.
      const handSet = await setRiskLevelByHand(trx, id, body.riskLevel, viewer.userId, now);
      if (handSet) changes.riskLevel = handSet;
    }
    if (changes.status) update.closed_at = to === 'closed' ? now : null;
    if (changes.status) {
      // Closing records how and why; reopening clears both (the history keeps them).
      const outcome = to === 'closed' ? (body.outcome ?? null) : null;
      const outcomeReason = to === 'closed' ? (body.outcomeReason ?? null) : null;
      if (outcome !== row.outcome) changes.outcome = { from: row.outcome, to: outcome };
      if (outcomeReason !== row.outcome_reason)
        changes.outcomeReason = { from: row.outcome_reason, to: outcomeReason };
      update.outcome = outcome;
      update.outcome_reason = outcomeReason;
    }
    if (changes.windowStart || changes.windowEnd) update.analysis_state = 'pending';

    if (body.memberUserIds || body.assigneeUserId) {
      const current = (await membersOf(trx, [id])).map((member) => member.id);
      const wanted = new Set(body.memberUserIds ?? current);
      if (body.assigneeUserId) wanted.add(body.assigneeUserId);
      const next = [...wanted].sort();
      if (next.join() !== [...current].sort().join()) {
        await checkActiveUsers(
          trx,
          next.filter((userId) => !current.includes(userId)),
        );
        changes.members = { from: [...current].sort(), to: next };
        await replaceMembers(trx, id, next, viewer.userId, now);
      }
    }
    if (Object.keys(changes).length > 0) {
      await updateInvestigationRow(trx, id, {
        ...update,
        updated_by: viewer.userId,
        updated_at: now,
      });
    }
    // A new assignee other than the one assigning is told (rules and their own choice).
    if (changes.assigneeUserId && body.assigneeUserId && body.assigneeUserId !== viewer.userId) {
      await queueNotification(
        trx,
        {
          type: 'case.assigned',
          investigation: { id, title: body.title ?? row.title },
          assigneeUserId: body.assigneeUserId,
        },
        now,
      );
    }
    return changes;
  });
}
