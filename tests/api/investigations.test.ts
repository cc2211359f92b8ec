import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Investigation } from '../../src/shared/schemas/investigations';
import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

let t: TestApp;
let lead: ApiClient;
let outsider: ApiClient;
let analyst: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  lead = await t.signInAs('investigator');
  outsider = await t.signInAs('investigator');
  analyst = await t.signInAs('analyst');
});
afterAll(async () => {
  await t.close();
});

async function open(client: ApiClient, body: Record<string, unknown> = {}) {
  const reply = await client.post<Investigation>('/investigations', {
    title: 'Possible exfiltration before departure',
    subjectEmployeeId: 'E1003',
    type: 'departing_employee',
    riskLevel: 'high',
    ...body,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body;
}

describe('creating an investigation', () => {
  it('returns the case with its subject, window and the creator as a member', async () => {
    const created = await open(lead, { description: 'Flagged by DLP.' });
    expect(created).toMatchObject({
      title: 'Possible exfiltration before departure',
      description: 'Flagged by DLP.',
      status: 'open',
      riskLevel: 'high',
      type: 'departing_employee',
      // Pseudonymized by default (issue 17): the name is the pseudonym.
      subject: {
        id: 'E1003',
        fullName: expect.stringMatching(/^Person \w{4}-\w{4}$/),
        identity: 'pseudonymized',
      },
      createdBy: { id: lead.user!.id },
      assignee: null,
    });
    expect(created.members.map((m) => m.id)).toEqual([lead.user!.id]);
    expect(created.windowEnd - created.windowStart).toBe(91 * 86_400_000);
    const fetched = await lead.get<Investigation>(`/investigations/${created.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created);
  });

  it('accepts an explicit window as ISO dates', async () => {
    const created = await open(lead, {
      windowStart: '2026-01-01',
      windowEnd: '2026-03-01T00:00:00Z',
    });
    expect(created.windowStart).toBe(Date.UTC(2026, 0, 1));
    expect(created.windowEnd).toBe(Date.UTC(2026, 2, 1));
  });

  it('refuses a window that ends before it starts, an unknown subject and unknown fields', async () => {
    const backwards = await lead.post('/investigations', {
      title: 'x',
      subjectEmployeeId: 'E1003',
      windowStart: '2026-03-01',
      windowEnd: '2026-01-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/The window must end after it starts/);
    const unknown = await lead.post('/investigations', { title: 'x', subjectEmployeeId: 'E9999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('There is no employee with that id.');
    const extra = await lead.post('/investigations', {
      title: 'x',
      subjectEmployeeId: 'E1003',
      owner: 'me',
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/Unrecognized key/);
  });

  it('needs the write permission', async () => {
    const auditor = await t.signInAs('auditor');
    const reply = await auditor.post('/investigations', { title: 'x', subjectEmployeeId: 'E1003' });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(
      'Your role does not allow you to create or change investigations.',
    );
  });
});

describe('visibility', () => {
  it('hides a case from users who are not its creator, assignee or member: 404, as if it did not exist', async () => {
    const created = await open(lead);
    const hidden = await outsider.get(`/investigations/${created.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(`Investigation report ${created.id} not found`);
    const patch = await outsider.patch(`/investigations/${created.id}`, { title: 'mine now' });
    expect(patch.status).toBe(404);
    const list = await outsider.get<{ investigations: Investigation[] }>('/investigations');
    expect(list.body.investigations.map((i) => i.id)).not.toContain(created.id);
  });

  it('shows it to the assignee, to members and to roles that see all', async () => {
    const created = await open(lead, { assigneeUserId: outsider.user!.id });
    expect((await outsider.get(`/investigations/${created.id}`)).status).toBe(200);
    expect((await analyst.get(`/investigations/${created.id}`)).status).toBe(200);
    const member = await t.signInAs('investigator');
    expect((await member.get(`/investigations/${created.id}`)).status).toBe(404);
    await lead.patch(`/investigations/${created.id}`, {
      memberUserIds: [lead.user!.id, member.user!.id],
    });
    expect((await member.get(`/investigations/${created.id}`)).status).toBe(200);
  });
});

describe('changing an investigation', () => {
  it('follows the allowed status transitions and stamps closedAt', async () => {
    const created = await open(lead);
    const review = await lead.patch<Investigation>(`/investigations/${created.id}`, {
      status: 'in_review',
    });
    expect(review.body.status).toBe('in_review');
    const closed = await lead.patch<Investigation>(`/investigations/${created.id}`, {
      status: 'closed',
      outcome: 'insufficient_evidence',
      outcomeReason: 'The transfers match the approved backup job.',
    });
    expect(closed.body.closedAt).toBeTypeOf('number');
    const jump = await lead.patch(`/investigations/${created.id}`, { status: 'escalated' });
    expect(jump.status).toBe(409);
    expect(jump.body.message).toBe('An investigation that is closed cannot move to escalated.');
    const edit = await lead.patch(`/investigations/${created.id}`, {
      title: 'edited while closed',
    });
    expect(edit.status).toBe(409);
    const reopened = await lead.patch<Investigation>(`/investigations/${created.id}`, {
      status: 'open',
      reason: 'New logs arrived from the endpoint agent.',
    });
    expect(reopened.body.closedAt).toBeNull();
  });

  it('records who changed what, and refuses an empty or invalid change', async () => {
    const created = await open(lead);
    const changed = await analyst.patch<Investigation>(`/investigations/${created.id}`, {
      title: 'Renamed',
      riskLevel: 'critical',
      assigneeUserId: analyst.user!.id,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      title: 'Renamed',
      riskLevel: 'critical',
      updatedBy: { id: analyst.user!.id },
    });
    expect(changed.body.assignee?.id).toBe(analyst.user!.id);
    expect(changed.body.members.map((m) => m.id)).toContain(analyst.user!.id);
    const empty = await lead.patch(`/investigations/${created.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/changes nothing/);
    const badRisk = await lead.patch(`/investigations/${created.id}`, { riskLevel: 'extreme' });
    expect(badRisk.status).toBe(400);
    const ghost = await lead.patch(`/investigations/${created.id}`, {
      assigneeUserId: 'no-such-user',
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toMatch(/not an active Vigil user/);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', created.id)
      .where('action', '=', 'investigation.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(analyst.user!.id);
    expect(JSON.stringify(audit[0]!.details)).toContain('Renamed');
  });

  it('marks the analysis pending when the window moves', async () => {
    const created = await open(lead);
    const moved = await lead.patch<Investigation>(`/investigations/${created.id}`, {
      windowStart: '2025-01-01',
    });
    expect(moved.body.analysis.state).toBe('pending');
  });
});

describe('listing investigations', () => {
  it('filters by status, risk, type, assignee, subject and text, sorts and pages', async () => {
    const owner = await t.signInAs('investigator');
    const a = await open(owner, {
      title: 'Alpha USB copies',
      subjectEmployeeId: 'E1005',
      riskLevel: 'low',
      type: 'data_exfiltration',
    });
    const b = await open(owner, {
      title: 'Bravo clones',
      subjectEmployeeId: 'E1002',
      riskLevel: 'critical',
      type: 'sabotage',
      assigneeUserId: owner.user!.id,
    });
    const c = await open(owner, {
      title: 'Charlie mail',
      subjectEmployeeId: 'E1007',
      riskLevel: 'medium',
      type: 'fraud',
    });
    await owner.patch(`/investigations/${c.id}`, {
      status: 'closed',
      outcome: 'benign',
      outcomeReason: 'Approved work.',
    });
    const ids = async (query: Record<string, string | number>) =>
      (
        await owner.get<{ investigations: Investigation[]; total: number }>(
          '/investigations',
          query,
        )
      ).body.investigations.map((i) => i.id);

    expect(await ids({ status: 'closed' })).toEqual([c.id]);
    expect(await ids({ risk: 'critical' })).toEqual([b.id]);
    expect(await ids({ type: 'data_exfiltration' })).toEqual([a.id]);
    expect(await ids({ assignee: 'me' })).toEqual([b.id]);
    expect(await ids({ subject: 'E1007' })).toEqual([c.id]);
    expect(await ids({ q: 'usb' })).toEqual([a.id]);
    expect(await ids({ q: 'Daniel' })).toEqual([b.id]);
    expect(await ids({ sort: 'title' })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ sort: '-title' })).toEqual([c.id, b.id, a.id]);
    const page = await owner.get<{ investigations: Investigation[]; total: number }>(
      '/investigations',
      { sort: 'title', limit: 2, offset: 2 },
    );
    expect(page.body.total).toBe(3);
    expect(page.body.investigations.map((i) => i.id)).toEqual([c.id]);
    const badSort = await owner.get('/investigations', { sort: 'password' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toMatch(/Sort by one of/);
  });

  it('audits every read of an investigation', async () => {
    const created = await open(lead);
    await analyst.get(`/investigations/${created.id}`);
    const reads = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'investigation.read')
      .where('target_id', '=', created.id)
      .execute();
    expect(reads.map((r) => r.actor_user_id)).toEqual([analyst.user!.id]);
    expect(reads[0]!.ip).toBeTruthy();
  });
});
