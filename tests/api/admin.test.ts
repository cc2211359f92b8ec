import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { permissions } from '../../src/shared/permissions';
import type { AdminUser, Role } from '../../src/shared/schemas/admin';
import type { Investigation } from '../../src/shared/schemas/investigations';
import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t.close();
});

describe('managing users', () => {
  it('creates a user with a generated password who then signs in with only their role', async () => {
    const created = await admin.post<{ user: AdminUser; temporaryPassword: string }>(
      '/admin/users',
      {
        email: '  New.Investigator@Vigil.test ',
        displayName: 'New Investigator',
        roles: ['investigator'],
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({
      email: 'new.investigator@vigil.test',
      roles: ['investigator'],
      disabled: false,
    });
    expect(created.body.temporaryPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(JSON.stringify(created.body)).not.toMatch(/argon2/);

    const { client, reply } = await t.signIn(
      'new.investigator@vigil.test',
      created.body.temporaryPassword,
    );
    expect(reply.status).toBe(200);
    // The temporary password opens nothing else until its owner chooses their own.
    const changed = await client.post('/me/password', {
      currentPassword: created.body.temporaryPassword,
      newPassword: 'the investigator own passphrase',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await client.get('/admin/users')).status).toBe(403);
    expect((await client.get('/audit')).status).toBe(403);
    const someoneElses = await admin.post<Investigation>('/investigations', {
      title: 'Admin case',
      subjectEmployeeId: 'E1001',
    });
    expect((await client.get(`/investigations/${someoneElses.body.id}`)).status).toBe(404);
    const own = await client.post<Investigation>('/investigations', {
      title: 'My case',
      subjectEmployeeId: 'E1001',
    });
    expect(own.status).toBe(201);
    const list = await client.get<{ investigations: Investigation[] }>('/investigations');
    expect(list.body.investigations.map((i) => i.id)).toEqual([own.body.id]);
  });

  it('refuses a duplicate email, an unknown role and a short password', async () => {
    const body = { email: 'dup@vigil.test', displayName: 'Dup', roles: ['analyst'] };
    expect((await admin.post('/admin/users', body)).status).toBe(201);
    const dup = await admin.post('/admin/users', body);
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A user with that email already exists.');
    const role = await admin.post('/admin/users', {
      ...body,
      email: 'x@vigil.test',
      roles: ['wizard'],
    });
    expect(role.status).toBe(400);
    expect(role.body.message).toBe('One of the roles does not exist.');
    const short = await admin.post('/admin/users', {
      ...body,
      email: 'y@vigil.test',
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 12 characters/);
  });

  it('changes roles, disables and enables, and resets a password', async () => {
    const created = await admin.post<{ user: AdminUser }>('/admin/users', {
      email: 'cycle@vigil.test',
      displayName: 'Cycle',
      roles: ['auditor'],
      password: 'a-long-enough-password',
    });
    const id = created.body.user.id;
    const roles = await admin.patch<AdminUser>(`/admin/users/${id}`, {
      roles: ['analyst', 'auditor'],
    });
    expect(roles.body.roles).toEqual(['analyst', 'auditor']);
    const disabled = await admin.patch<AdminUser>(`/admin/users/${id}`, { disabled: true });
    expect(disabled.body.disabled).toBe(true);
    expect((await t.signIn('cycle@vigil.test', 'a-long-enough-password')).reply.status).toBe(401);
    await admin.patch(`/admin/users/${id}`, { disabled: false });
    const before = await t.signIn('cycle@vigil.test', 'a-long-enough-password');
    expect(before.reply.status).toBe(200);
    const reset = await admin.post<{ temporaryPassword: string }>(
      `/admin/users/${id}/reset-password`,
      {},
    );
    expect(reset.body.temporaryPassword).toHaveLength(20);
    expect((await before.client.get('/auth/me')).status).toBe(401);
    expect((await t.signIn('cycle@vigil.test', reset.body.temporaryPassword)).reply.status).toBe(
      200,
    );
    const actions = (
      await admin.get<{ entries: Array<{ action: string }> }>('/audit', { targetId: id })
    ).body.entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'user.create',
        'user.update',
        'user.disable',
        'user.enable',
        'user.password_reset',
      ]),
    );
  });

  it('never leaves nobody able to manage users', async () => {
    const self = await admin.patch(`/admin/users/${admin.user!.id}`, { disabled: true });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot disable your own account.');
    const users = (await admin.get<{ users: AdminUser[] }>('/admin/users')).body.users;
    const admins = users.filter((u) => u.roles.includes('admin') && !u.disabled);
    for (const other of admins.filter((u) => u.id !== admin.user!.id)) {
      await admin.patch(`/admin/users/${other.id}`, { disabled: true });
    }
    const demote = await admin.patch(`/admin/users/${admin.user!.id}`, { roles: ['analyst'] });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(
      'This change would leave no active user who can manage users.',
    );
    const me = await admin.get('/auth/me');
    expect(me.body.roles.map((r: { id: string }) => r.id)).toEqual(['admin']);
  });
});

describe('managing roles', () => {
  it('lists the six built-in roles with their permissions', async () => {
    const roles = (await admin.get<{ roles: Role[] }>('/admin/roles')).body.roles;
    expect(
      roles
        .filter((r) => r.builtIn)
        .map((r) => r.id)
        .sort(),
    ).toEqual(['admin', 'analyst', 'auditor', 'investigator', 'legal', 'privacy_officer']);
    expect(roles.find((r) => r.id === 'admin')!.permissions.sort()).toEqual(
      [...permissions].sort(),
    );
    expect(roles.find((r) => r.id === 'auditor')!.permissions).not.toContain('evidence.read');
    // The privacy officer decides reveals and reads the audit log, and sees no evidence.
    expect(roles.find((r) => r.id === 'privacy_officer')!.permissions.sort()).toEqual([
      'audit.read',
      'privacy.approve',
    ]);
    // Legal places and lifts holds on any case, and reads no evidence.
    expect(roles.find((r) => r.id === 'legal')!.permissions.sort()).toEqual([
      'investigations.read',
      'investigations.read_all',
      'legal.hold',
    ]);
  });

  it('creates, edits and deletes a custom role; built-in and held roles are not deleted', async () => {
    const created = await admin.post<Role>('/admin/roles', {
      name: 'Legal reviewer',
      description: 'Reads cases for legal hold',
      permissions: ['investigations.read', 'investigations.read_all'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'legal-reviewer', builtIn: false, userCount: 0 });
    const edited = await admin.patch<Role>('/admin/roles/legal-reviewer', {
      permissions: ['investigations.read', 'evidence.read'],
    });
    expect(edited.body.permissions.sort()).toEqual(['evidence.read', 'investigations.read']);
    const dup = await admin.post('/admin/roles', { name: 'Legal reviewer', permissions: [] });
    expect(dup.status).toBe(409);
    const badPermission = await admin.post('/admin/roles', { name: 'Bad', permissions: ['root'] });
    expect(badPermission.status).toBe(400);

    const holder = await admin.post<{ user: AdminUser }>('/admin/users', {
      email: 'legal@vigil.test',
      displayName: 'Legal',
      roles: ['legal-reviewer'],
    });
    const held = await admin.delete('/admin/roles/legal-reviewer');
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(
      '"Legal reviewer" is held by 1 user: take it away from them first.',
    );
    await admin.patch(`/admin/users/${holder.body.user.id}`, { roles: ['analyst'] });
    expect((await admin.delete('/admin/roles/legal-reviewer')).status).toBe(204);

    const builtIn = await admin.delete('/admin/roles/analyst');
    expect(builtIn.status).toBe(400);
    expect(builtIn.body.message).toBe(
      '"Analyst" is a built-in role; built-in roles cannot be deleted.',
    );
    const adminPerms = await admin.patch('/admin/roles/admin', { permissions: ['audit.read'] });
    expect(adminPerms.status).toBe(400);
  });

  it('applies a role change to the holders at their next request', async () => {
    const user = await t.signInAs('auditor');
    expect((await user.get('/identity/employees')).status).toBe(403);
    await admin.patch('/admin/roles/auditor', {
      permissions: [
        'investigations.read',
        'investigations.read_all',
        'audit.read',
        'employees.read',
      ],
    });
    expect((await user.get('/identity/employees')).status).toBe(200);
  });

  it('is refused to roles without the permission', async () => {
    const analyst = await t.signInAs('analyst');
    const reply = await analyst.post('/admin/roles', {
      name: 'Sneaky',
      permissions: ['users.manage'],
    });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('Your role does not allow you to manage roles.');
  });
});
