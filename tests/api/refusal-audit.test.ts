import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AuditEntry } from '../../src/shared/schemas/audit';
import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

let t: TestApp;
let auditor: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  auditor = await t.signInAs('auditor');
});
afterAll(async () => {
  await t.close();
});

async function refusalsOf(client: ApiClient): Promise<AuditEntry[]> {
  const reply = await auditor.get<{ entries: AuditEntry[] }>('/audit', {
    action: 'access.denied',
    actor: client.user!.email,
  });
  return reply.body.entries;
}

describe('refused requests of a signed-in user are audited', () => {
  it('a 403 names the user, the route and the reason', async () => {
    const analyst = await t.signInAs('analyst');
    const reply = await analyst.post('/admin/roles', { name: 'Mine', permissions: [] });
    expect(reply.status).toBe(403);
    const [entry, ...rest] = await refusalsOf(analyst);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actorUserId: analyst.user!.id,
      actorEmail: analyst.user!.email,
      targetType: 'route',
      targetId: 'POST /api/app/admin/roles',
      details: {
        status: 403,
        route: 'POST /api/app/admin/roles',
        path: '/api/app/admin/roles',
        reason: 'Your role does not allow you to manage roles.',
      },
    });
    expect(entry!.ip).toBeTruthy();
  });

  it('a 404 for a case the viewer is not a member of records the case', async () => {
    const lead = await t.signInAs('investigator');
    const outsider = await t.signInAs('investigator');
    const { id } = (
      await lead.post('/investigations', { title: 'Hidden', subjectEmployeeId: 'E1004' })
    ).body;
    const reply = await outsider.get(`/investigations/${id}`);
    // The reply still says nothing about the case's existence.
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe(`Investigation report ${id} not found`);
    expect((await outsider.patch(`/investigations/${id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await outsider.get(`/investigations/${id}/pins`)).status).toBe(404);

    const entries = await refusalsOf(outsider);
    expect(entries.map((e) => e.details?.route)).toEqual([
      'GET /api/app/investigations/:id/pins',
      'PATCH /api/app/investigations/:id',
      'GET /api/app/investigations/:id',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorUserId: outsider.user!.id,
        targetType: 'investigation',
        targetId: id,
        details: { status: 404 },
      });
      expect(entry.details?.reason).toMatch(/members/);
    }
    // The member's own reads are not refusals.
    expect(await refusalsOf(lead)).toEqual([]);
  });

  it('no entry for an id that names no case, an unknown path or a request without a session', async () => {
    const investigator = await t.signInAs('investigator');
    expect((await investigator.get('/investigations/no-such-case')).status).toBe(404);
    expect((await investigator.get('/no-such-route')).status).toBe(404);
    expect(await refusalsOf(investigator)).toEqual([]);
    const before = await auditor.get<{ entries: AuditEntry[] }>('/audit', {
      action: 'access.denied',
    });
    expect((await t.anonymous.post('/admin/roles', { name: 'x', permissions: [] })).status).toBe(
      401,
    );
    const after = await auditor.get<{ entries: AuditEntry[] }>('/audit', {
      action: 'access.denied',
    });
    expect(after.body.entries.length).toBe(before.body.entries.length);
  });
});
