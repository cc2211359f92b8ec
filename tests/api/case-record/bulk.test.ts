import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Investigation } from '../../../src/shared/schemas/investigations';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { addIncidents, auditOf, closeCase, openCase } from './case-support';

let t: TestApp;
let lead: ApiClient;
let colleague: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  lead = await t.signInAs('investigator');
  colleague = await t.signInAs('investigator');
});
afterAll(async () => {
  await t?.close();
});

async function statuses(caseId: string) {
  const reply = await lead.get<{ incidents: Array<{ id: string; status: string }> }>(
    `/investigations/${caseId}/incidents`,
  );
  return Object.fromEntries(reply.body.incidents.map((i) => [i.id, i.status]));
}

describe('bulk incident status', () => {
  it('is all or nothing: one unknown id refuses the request, names it, and changes nothing', async () => {
    const c = await openCase(lead);
    const [a, b] = await addIncidents(t, c.id, 2);
    const other = await openCase(lead, 'Another case');
    const [foreign] = await addIncidents(t, other.id, 1);
    for (const bad of ['no-such-incident', foreign!]) {
      const reply = await lead.post(`/investigations/${c.id}/incidents/bulk`, {
        incidentIds: [a, b, bad],
        status: 'dismissed',
        reason: 'Approved backup.',
      });
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('There is no incident with that id in this investigation.');
    }
    expect(await statuses(c.id)).toEqual({ [a!]: 'open', [b!]: 'open' });
    expect(await auditOf(t, 'incident.update', a)).toEqual([]);
  });

  it('changes every incident in one go, with one audit entry per incident', async () => {
    const c = await openCase(lead);
    const ids = await addIncidents(t, c.id, 3);
    const reply = await lead.post(`/investigations/${c.id}/incidents/bulk`, {
      incidentIds: [...ids, ids[0]],
      status: 'dismissed',
      reason: 'Approved backup to the IT drive (CHG-77).',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ updated: 3 });
    expect(Object.values(await statuses(c.id))).toEqual(['dismissed', 'dismissed', 'dismissed']);
    for (const id of ids) {
      const entries = await auditOf(t, 'incident.update', id);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.details).toMatchObject({
        investigationId: c.id,
        bulk: true,
        changes: {
          status: { from: 'open', to: 'dismissed' },
          reason: { to: 'Approved backup to the IT drive (CHG-77).' },
        },
      });
    }
  });

  it('needs a reason', async () => {
    const c = await openCase(lead);
    const ids = await addIncidents(t, c.id, 1);
    const reply = await lead.post(`/investigations/${c.id}/incidents/bulk`, {
      incidentIds: ids,
      status: 'acknowledged',
      reason: '',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/needs a reason/);
  });
});

describe('bulk investigation changes', () => {
  it('is all or nothing: a case that cannot move refuses the request, names it, changes nothing', async () => {
    const a = await openCase(lead, 'Case A');
    const b = await openCase(lead, 'Case B');
    const closed = await openCase(lead, 'Case C');
    await closeCase(lead, closed.id);
    const before = (await auditOf(t, 'investigation.update')).length;

    const reply = await lead.post('/investigations/bulk', {
      investigationIds: [a.id, b.id, closed.id],
      status: 'in_review',
      reason: 'Weekly triage.',
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message).toContain(closed.id);

    const hidden = await colleague.post('/investigations/bulk', {
      investigationIds: [(await openCase(colleague)).id, a.id],
      assigneeUserId: colleague.user!.id,
      reason: 'Taking these over.',
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(`Investigation report ${a.id} not found`);

    for (const id of [a.id, b.id]) {
      const fetched = await lead.get<Investigation>(`/investigations/${id}`);
      expect(fetched.body).toMatchObject({ status: 'open', assignee: null });
    }
    expect((await auditOf(t, 'investigation.update')).length).toBe(before);
  });

  it('changes every case with one audit entry each; closing them needs an outcome', async () => {
    const a = await openCase(lead, 'Case A');
    const b = await openCase(lead, 'Case B');
    const noOutcome = await lead.post('/investigations/bulk', {
      investigationIds: [a.id, b.id],
      status: 'closed',
      reason: 'Quarterly clean-up.',
    });
    expect(noOutcome.status).toBe(400);
    expect(noOutcome.body.message).toMatch(/Closing needs an outcome/);

    const reply = await lead.post('/investigations/bulk', {
      investigationIds: [a.id, b.id],
      status: 'closed',
      assigneeUserId: colleague.user!.id,
      reason: 'Quarterly clean-up.',
      outcome: 'insufficient_evidence',
      outcomeReason: 'No activity after the alert.',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ updated: 2 });
    for (const id of [a.id, b.id]) {
      const fetched = await lead.get<Investigation>(`/investigations/${id}`);
      expect(fetched.body).toMatchObject({
        status: 'closed',
        outcome: 'insufficient_evidence',
        outcomeReason: 'No activity after the alert.',
        assignee: { id: colleague.user!.id },
      });
      const entries = await auditOf(t, 'investigation.update', id);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.details).toMatchObject({
        bulk: true,
        reason: 'Quarterly clean-up.',
        changes: { status: { to: 'closed' }, assigneeUserId: { to: colleague.user!.id } },
      });
    }
  });
});
