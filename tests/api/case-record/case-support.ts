import { randomUUID } from 'node:crypto';

import { expect } from 'vitest';

import { incidentsDb } from '../../../src/server/db/queries/incident-tables';

import type { Investigation } from '../../../src/shared/schemas/investigations';
import type { ApiClient, TestApp } from '../support/test-app';

/** Opens a case about one of the demo employees through the API. */
export async function openCase(client: ApiClient, title = 'Files copied before departure') {
  const reply = await client.post<Investigation>('/investigations', {
    title,
    subjectEmployeeId: 'E1003',
    type: 'departing_employee',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

/** Closes a case with an outcome and a reason, as the close dialog does. */
export async function closeCase(client: ApiClient, id: string) {
  const reply = await client.patch<Investigation>(`/investigations/${id}`, {
    status: 'closed',
    outcome: 'benign',
    outcomeReason: 'The copies went to the approved backup drive.',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

/** The audit entries of one action about one target, oldest first. */
export async function auditOf(t: TestApp, action: string, targetId?: string) {
  let query = t.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (targetId) query = query.where('target_id', '=', targetId);
  const rows = await query.orderBy('id').execute();
  return rows.map((row) => ({
    ...row,
    details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<
      string,
      any
    > | null,
  }));
}

/** Puts incidents on a case as an analysis run would have. */
export async function addIncidents(t: TestApp, caseId: string, count: number): Promise<string[]> {
  const now = Date.now();
  const ids = Array.from({ length: count }, () => randomUUID());
  await incidentsDb(t.db)
    .insertInto('incidents')
    .values(
      ids.map((id, n) => ({
        id,
        investigation_id: caseId,
        rule_id: 'usb-mass-copy',
        fingerprint: `fp-${id}`,
        title: `Mass copy to USB #${n + 1}`,
        description: 'Many files copied to a removable drive.',
        severity: 'high',
        status: 'open',
        status_reason: null,
        status_by: null,
        status_at: null,
        techniques: '["T1052.001"]',
        first_seen: now - 3_600_000,
        last_seen: now,
        why: '120 files in 10 minutes',
        event_count: 120,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return ids;
}
