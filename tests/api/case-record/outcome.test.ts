import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Investigation } from '../../../src/shared/schemas/investigations';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { auditOf, closeCase, openCase } from './case-support';

let t: TestApp;
let lead: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  lead = await t.signInAs('investigator');
});
afterAll(async () => {
  await t?.close();
});

const CLOSED = 'This investigation is closed: reopen it before changing anything.';

describe('closing', () => {
  it('needs an outcome and a reason (400 with a sentence), and changes nothing without them', async () => {
    const c = await openCase(lead);
    const bare = await lead.patch(`/investigations/${c.id}`, { status: 'closed' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/Closing needs an outcome/);
    expect(bare.body.issues.map((i: { field: string }) => i.field)).toEqual([
      'outcome',
      'outcomeReason',
    ]);
    const noReason = await lead.patch(`/investigations/${c.id}`, {
      status: 'closed',
      outcome: 'benign',
      outcomeReason: '  ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/Closing needs a reason/);
    const unknown = await lead.patch(`/investigations/${c.id}`, {
      status: 'closed',
      outcome: 'probably fine',
      outcomeReason: 'Looks fine.',
    });
    expect(unknown.status).toBe(400);
    const stray = await lead.patch(`/investigations/${c.id}`, { outcome: 'benign' });
    expect(stray.status).toBe(400);
    expect(stray.body.message).toMatch(/only when closing/);
    const fetched = await lead.get<Investigation>(`/investigations/${c.id}`);
    expect(fetched.body).toMatchObject({ status: 'open', outcome: null, outcomeReason: null });
  });

  it('records the outcome and reason, shows them, and audits them', async () => {
    const c = await openCase(lead);
    const closed = await lead.patch<Investigation>(`/investigations/${c.id}`, {
      status: 'closed',
      outcome: 'referred_hr',
      outcomeReason: 'Confirmed copying; HR takes it from here.',
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      status: 'closed',
      outcome: 'referred_hr',
      outcomeReason: 'Confirmed copying; HR takes it from here.',
    });
    expect(closed.body.closedAt).toBeTypeOf('number');
    const fetched = await lead.get<Investigation>(`/investigations/${c.id}`);
    expect(fetched.body.outcome).toBe('referred_hr');
    const listed = await lead.get<{ investigations: Investigation[] }>('/investigations', {
      status: 'closed',
    });
    expect(listed.body.investigations.find((i) => i.id === c.id)?.outcome).toBe('referred_hr');
    const [entry] = await auditOf(t, 'investigation.update', c.id);
    expect(entry!.details!.changes).toMatchObject({
      status: { from: 'open', to: 'closed' },
      outcome: { from: null, to: 'referred_hr' },
      outcomeReason: { from: null, to: 'Confirmed copying; HR takes it from here.' },
    });
  });
});

describe('reopening', () => {
  it('needs a reason (400), then opens the case and clears the outcome; the audit keeps why', async () => {
    const c = await openCase(lead);
    await closeCase(lead, c.id);
    const bare = await lead.patch(`/investigations/${c.id}`, { status: 'open' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Reopening needs a reason: say why the case is opened again.');
    expect((await lead.get<Investigation>(`/investigations/${c.id}`)).body.status).toBe('closed');

    const reopened = await lead.patch<Investigation>(`/investigations/${c.id}`, {
      status: 'open',
      reason: 'New endpoint logs show a second copy.',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      status: 'open',
      outcome: null,
      outcomeReason: null,
      closedAt: null,
    });
    const entries = await auditOf(t, 'investigation.update', c.id);
    expect(entries.at(-1)!.details).toMatchObject({
      reason: 'New endpoint logs show a second copy.',
      changes: { status: { from: 'closed', to: 'open' }, outcome: { from: 'benign', to: null } },
    });
  });
});

describe('a closed case is read-only', () => {
  it('answers 409 with the sentence to every write until reopened', async () => {
    const c = await openCase(lead);
    await closeCase(lead, c.id);
    const writes = [
      await lead.patch(`/investigations/${c.id}`, { title: 'Edited while closed' }),
      await lead.patch(`/investigations/${c.id}`, { assigneeUserId: lead.user!.id }),
      await lead.patch(`/investigations/${c.id}`, {
        status: 'closed',
        outcome: 'confirmed_violation',
        outcomeReason: 'Changing my mind.',
      }),
      await lead.post(`/investigations/${c.id}/notes`, { body: 'Too late.' }),
      await lead.patch(`/investigations/${c.id}/incidents/any-incident`, {
        status: 'acknowledged',
      }),
      await lead.post(`/investigations/${c.id}/incidents/bulk`, {
        incidentIds: ['any-incident'],
        status: 'acknowledged',
        reason: 'Triage.',
      }),
    ];
    for (const reply of writes) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(409);
      expect(reply.body.message).toBe(CLOSED);
    }
    const fetched = await lead.get<Investigation>(`/investigations/${c.id}`);
    expect(fetched.body).toMatchObject({
      title: c.title,
      outcome: 'benign',
      assignee: null,
    });
    // Moving anywhere but open is a transition the lifecycle refuses.
    const jump = await lead.patch(`/investigations/${c.id}`, { status: 'in_review' });
    expect(jump.status).toBe(409);

    await lead.patch(`/investigations/${c.id}`, { status: 'open', reason: 'More to check.' });
    const edit = await lead.patch(`/investigations/${c.id}`, { title: 'Edited after reopening' });
    expect(edit.status).toBe(200);
    expect((await lead.post(`/investigations/${c.id}/notes`, { body: 'Back on it.' })).status).toBe(
      201,
    );
  });
});
