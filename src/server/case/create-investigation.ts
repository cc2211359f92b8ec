import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';
import type { z } from 'zod';

import type { createInvestigationBodySchema } from '../../shared/schemas/investigations';
import type { Viewer } from '../accounts/viewer';
import { findEmployee } from '../db/queries/employees';
import { inTransaction } from '../db/in-transaction';
import { insertInvestigation } from '../db/queries/investigations';
import type { Database } from '../db/schema';
import { invalid } from '../domain-error';
import { setRiskLevelByHand } from '../analysis/runs/hand-set-level';
import { insertChecklist } from '../db/queries/case-checklist';
import { checkActiveUsers } from './check-users';
import { defaultWindow } from './default-window';
import { templateForNewCase } from './templates/apply-template';
import { templateWindow } from './templates/template-window';
import { queueNotification } from '../notify/queue-notification';

type CreateBody = z.output<typeof createInvestigationBodySchema>;

/**
 * Creates an investigation in one transaction (the caller's, when given one); the creator and
 * assignee become members. From a template, the case takes its type and window unless given and
 * a copy of its checklist.
 */
export async function createInvestigation(
  db: Kysely<Database>,
  viewer: Viewer,
  body: CreateBody,
  now: number,
): Promise<string> {
  const id = randomUUID();
  await inTransaction(db, async (trx) => {
    const subject = await findEmployee(trx, body.subjectEmployeeId);
    if (!subject) {
      throw invalid('There is no employee with that id.', 'subjectEmployeeId');
    }
    const assignee = body.assigneeUserId ?? null;
    const people = [viewer.userId, ...(assignee ? [assignee] : []), ...body.memberUserIds];
    await checkActiveUsers(trx, people);
    const template = body.templateId ? await templateForNewCase(trx, body.templateId) : null;
    const window = template ? templateWindow(now, template.windowDays) : defaultWindow(now);
    const windowStart = body.windowStart ?? window.start;
    const windowEnd = body.windowEnd ?? window.end;
    if (windowEnd <= windowStart)
      throw invalid('The window must end after it starts.', 'windowEnd');
    await insertInvestigation(
      trx,
      {
        id,
        title: body.title,
        description: body.description,
        subject_employee_id: subject.id,
        status: 'open',
        risk_level: 'low',
        risk_score: 0,
        type: body.type ?? template?.caseType ?? 'other',
        assignee_user_id: assignee,
        window_start: windowStart,
        window_end: windowEnd,
        created_by: viewer.userId,
        created_at: now,
        updated_by: viewer.userId,
        updated_at: now,
        closed_at: null,
        // A new case is due for analysis: the runner picks it up.
        analysis_state: 'pending',
        analysis_updated_at: null,
        template_id: template?.id ?? null,
      },
      people,
    );
    if (template) await insertChecklist(trx, id, template.steps);
    // A level chosen on creation is one set by hand, by the creator; Low leaves it to the evidence.
    await setRiskLevelByHand(trx, id, body.riskLevel, viewer.userId, now);
    if (assignee && assignee !== viewer.userId) {
      await queueNotification(
        trx,
        {
          type: 'case.assigned',
          investigation: { id, title: body.title },
          assigneeUserId: assignee,
        },
        now,
      );
    }
  });
  return id;
}
