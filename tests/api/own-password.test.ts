import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureFirstAdmin } from '../../src/server/startup/first-admin';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../src/shared/schemas/auth';
import { ERROR_CODES } from '../../src/shared/schemas/common';
import { failAudit } from './support/fail-audit';
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

/** An admin creates a user; returns their email and the temporary password handed over. */
async function newUser(name: string): Promise<{ id: string; email: string; password: string }> {
  const email = `${name}@vigil.test`;
  const created = await admin.post('/admin/users', {
    email,
    displayName: name,
    roles: ['investigator'],
  });
  expect(created.status).toBe(201);
  return { id: created.body.user.id, email, password: created.body.temporaryPassword };
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('target_id', '=', userId)
    .where('action', 'like', 'user.password%')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

describe('changing one’s own password', () => {
  it('a new user’s temporary password must change; the change ends their other sessions only', async () => {
    const user = await newUser('temporary');
    const first = await t.signIn(user.email, user.password);
    expect(first.reply.status).toBe(200);
    expect(first.reply.body.passwordChangeRequired).toBe(true);
    const other = await t.signIn(user.email, user.password);
    expect((await other.client.get('/auth/me')).body.passwordChangeRequired).toBe(true);

    const changed = await first.client.post('/me/password', {
      currentPassword: user.password,
      newPassword: 'my own long passphrase',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ otherSessionsEnded: 1 });

    const me = await first.client.get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.passwordChangeRequired).toBe(false);
    expect((await other.client.get('/auth/me')).status).toBe(401);
    expect((await t.signIn(user.email, user.password)).reply.status).toBe(401);
    const again = await t.signIn(user.email, 'my own long passphrase');
    expect(again.reply.status).toBe(200);
    expect(again.reply.body.passwordChangeRequired).toBe(false);
    expect(await auditActions(user.id)).toEqual(['user.password_change']);
  });

  it('a temporary password opens nothing but who-am-I and the change, on the server too', async () => {
    const user = await newUser('gated');
    const { client } = await t.signIn(user.email, user.password);
    for (const path of ['/investigations', '/alerts', '/me/settings', '/identity/employees']) {
      const refused = await client.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code, path).toBe(ERROR_CODES.passwordChangeRequired);
      expect(refused.body.message, path).toMatch(/choose your own password/);
    }
    expect((await client.post('/investigations', { title: 'x' })).status).toBe(403);
    expect((await client.get('/auth/me')).status).toBe(200);
    const changed = await client.post('/me/password', {
      currentPassword: user.password,
      newPassword: 'my own long passphrase',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await client.get('/investigations')).status).toBe(200);
  });

  it('the first admin’s printed password is temporary; one set in VIGIL_ADMIN_PASSWORD is not', async () => {
    const empty = await startTestApp();
    try {
      const printed = await ensureFirstAdmin(empty.db, 'first@vigil.test', undefined);
      expect(printed.created).toBe(true);
      if (!printed.created) return;
      const { reply, client } = await empty.signIn('first@vigil.test', printed.password);
      expect(reply.body.passwordChangeRequired).toBe(true);
      expect((await client.get('/investigations')).status).toBe(403);
    } finally {
      await empty.close();
    }
  });

  it('refuses a wrong current password, a short new one and an unchanged one, in sentences', async () => {
    const user = await newUser('careful');
    const { client } = await t.signIn(user.email, user.password);
    const wrong = await client.post('/me/password', {
      currentPassword: 'not the password',
      newPassword: 'a long enough new password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(WRONG_CURRENT_PASSWORD_MESSAGE);
    const short = await client.post('/me/password', {
      currentPassword: user.password,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 12 characters/);
    const same = await client.post('/me/password', {
      currentPassword: user.password,
      newPassword: user.password,
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toMatch(/must differ from the current one/);
    const missing = await client.post('/me/password', { newPassword: 'a long enough new one' });
    expect(missing.status).toBe(400);
    // Nothing changed: the temporary password still signs in and must still change.
    const still = await t.signIn(user.email, user.password);
    expect(still.reply.body.passwordChangeRequired).toBe(true);
    expect(await auditActions(user.id)).toEqual(['user.password_change_failed']);
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const user = await newUser('guessed');
    const { client } = await t.signIn(user.email, user.password);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await client.post('/me/password', {
        currentPassword: `guess number ${i}`,
        newPassword: 'a long enough new password',
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await client.post('/me/password', {
      currentPassword: user.password,
      newPassword: 'a long enough new password',
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many wrong passwords\. Wait \d+ \w+ and try again\.$/);
  });

  it('an admin reset makes the password temporary again', async () => {
    const user = await newUser('reset');
    const { client } = await t.signIn(user.email, user.password);
    await client.post('/me/password', {
      currentPassword: user.password,
      newPassword: 'chosen by the user',
    });
    const reset = await admin.post(`/admin/users/${user.id}/reset-password`, {});
    expect(reset.status).toBe(200);
    const after = await t.signIn(user.email, reset.body.temporaryPassword);
    expect(after.reply.body.passwordChangeRequired).toBe(true);
  });

  it('a user whose password was not set by an admin is not asked to change it', async () => {
    expect((await admin.get('/auth/me')).body.passwordChangeRequired).toBe(false);
  });

  it('needs a session', async () => {
    const reply = await t.anonymous.post('/me/password', {
      currentPassword: 'x',
      newPassword: 'a long enough new password',
    });
    expect(reply.status).toBe(401);
  });

  it('is not made when its audit entry cannot be written', async () => {
    const user = await newUser('unaudited');
    const { client } = await t.signIn(user.email, user.password);
    const other = await t.signIn(user.email, user.password);
    const restore = await failAudit(t, 'user.password_change');
    try {
      const reply = await client.post('/me/password', {
        currentPassword: user.password,
        newPassword: 'never stored password',
      });
      expect(reply.status).toBe(500);
    } finally {
      await restore();
    }
    expect((await other.client.get('/auth/me')).status).toBe(200);
    expect((await t.signIn(user.email, user.password)).reply.status).toBe(200);
    expect((await t.signIn(user.email, 'never stored password')).reply.status).toBe(401);
  });
});
