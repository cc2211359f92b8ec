import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { failAudit } from './support/fail-audit';
import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

let t: TestApp;
let admin: ApiClient;
let lead: ApiClient;
let colleague: ApiClient;
let caseId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  lead = await t.signInAs('investigator');
  colleague = await t.signInAs('investigator');
  const created = await lead.post('/investigations', {
    title: 'Before',
    subjectEmployeeId: 'E1004',
  });
  caseId = created.body.id;
});
afterAll(async () => {
  await t.close();
});

let restoreAudit: (() => Promise<void>) | null = null;

/** Makes the database refuse audit entries of one action until the test ends. */
async function failAuditOf(action: string): Promise<void> {
  restoreAudit = await failAudit(t, action);
}

afterEach(async () => {
  await restoreAudit?.();
  restoreAudit = null;
});

async function auditCount(action: string): Promise<number> {
  const row = await t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a change whose audit entry cannot be written is not made', () => {
  it('an investigation PATCH keeps the old title and adds no member', async () => {
    await failAuditOf('investigation.update');
    const reply = await lead.patch(`/investigations/${caseId}`, {
      title: 'After',
      memberUserIds: [lead.user!.id, colleague.user!.id],
    });
    expect(reply.status).toBe(500);
    const after = await lead.get(`/investigations/${caseId}`);
    expect(after.body.title).toBe('Before');
    expect(after.body.members.map((m: { id: string }) => m.id)).toEqual([lead.user!.id]);
    // The would-be member still cannot open the case.
    expect((await colleague.get(`/investigations/${caseId}`)).status).toBe(404);
    expect(await auditCount('investigation.update')).toBe(0);
  });

  it('once the log accepts entries again, the same PATCH is made and audited', async () => {
    const reply = await lead.patch(`/investigations/${caseId}`, { title: 'After' });
    expect(reply.status).toBe(200);
    expect(reply.body.title).toBe('After');
    expect(await auditCount('investigation.update')).toBe(1);
  });

  it('a new investigation is not created', async () => {
    await failAuditOf('investigation.create');
    const reply = await lead.post('/investigations', {
      title: 'Never opened',
      subjectEmployeeId: 'E1004',
    });
    expect(reply.status).toBe(500);
    const list = await admin.get('/investigations', { q: 'Never opened' });
    expect(list.body.investigations).toEqual([]);
  });

  it('a role is not created', async () => {
    await failAuditOf('role.create');
    const reply = await admin.post('/admin/roles', {
      name: 'Unaudited',
      permissions: ['investigations.read'],
    });
    expect(reply.status).toBe(500);
    const roles = await admin.get('/admin/roles');
    expect(roles.body.roles.map((r: { name: string }) => r.name)).not.toContain('Unaudited');
  });

  it('an integration is not renamed', async () => {
    const created = await admin.post('/integrations', { name: 'Okta', kind: 'okta' });
    await failAuditOf('integration.update');
    const id = created.body.integration.id;
    expect((await admin.patch(`/integrations/${id}`, { name: 'Renamed' })).status).toBe(500);
    expect((await admin.get(`/integrations/${id}`)).body.name).toBe('Okta');
  });

  it('evidence is not pinned', async () => {
    await failAuditOf('evidence.pin');
    const reply = await lead.post(`/investigations/${caseId}/pins`, {
      finding: 'security-hygiene',
      key: 'mfa-disabled',
    });
    expect(reply.status).toBe(500);
    const pins = await lead.get(`/investigations/${caseId}/pins`);
    expect(pins.body.pins).toEqual([]);
  });

  it('a user is not disabled', async () => {
    const user = await t.signInAs('analyst');
    await failAuditOf('user.disable');
    const reply = await admin.patch(`/admin/users/${user.user!.id}`, { disabled: true });
    expect(reply.status).toBe(500);
    // The session was not ended either: it belongs to the same transaction.
    expect((await user.get('/auth/me')).status).toBe(200);
  });
});
