import { createHash, randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertAlert } from './alerts/insert-alert';
import { HOST, ORIGIN, startTestApp } from './support/test-app';
import type { ApiClient, Reply, TestApp } from './support/test-app';

let t: TestApp;
let admin: ApiClient;
let employeeId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  const employee = await t.db.selectFrom('employees').select('id').executeTakeFirstOrThrow();
  employeeId = employee.id;
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A request made by automation: the bearer token, no cookie, from `address`, any origin. */
async function withToken<T = any>(
  token: string,
  method: Method,
  path: string,
  options: { body?: unknown; address?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const response = await t.app.inject({
    method,
    url: `/api/app${path}`,
    remoteAddress: options.address ?? '127.0.0.1',
    headers: {
      host: HOST,
      authorization: `Bearer ${token}`,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
  return {
    status: response.statusCode,
    body: response.body ? JSON.parse(response.body) : null,
    headers: response.headers,
    cookies: response.cookies,
  };
}

async function makeToken(owner: ApiClient, scopes: string[], name = 'SOAR playbook') {
  const reply = await owner.post('/me/tokens', { name, scopes, expiresInDays: 30 });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body as { id: string; token: string; name: string; scopes: string[] };
}

async function newAlert(): Promise<string> {
  const id = `alert-${randomUUID()}`;
  await insertAlert(t, { id, employeeId, severity: 'high', daysAgo: 1 });
  return id;
}

/** The audit entries that name this token, oldest first. */
async function entriesNaming(tokenId: string) {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_user_id', 'target_type', 'target_id', 'details'])
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({
      ...row,
      details: (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<
        string,
        any
      > | null,
    }))
    .filter((row) => row.details?.apiToken?.id === tokenId);
}

describe('making a token', () => {
  it('is shown once, stored only as a keyed hash, and listed without its secret', async () => {
    const analyst = await t.signInAs('analyst');
    const made = await makeToken(analyst, ['investigations.read_all', 'evidence.read']);
    expect(made.token).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/);
    const row = await t.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(made.token);
    expect(row.token_hash).not.toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await analyst.get('/me/tokens');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.token);
    expect(list.body.tokens).toEqual([
      expect.objectContaining({
        id: made.id,
        name: 'SOAR playbook',
        scopes: ['investigations.read_all', 'evidence.read'],
        lastUsedAt: null,
        expired: false,
      }),
    ]);
    await withToken(made.token, 'GET', '/alerts');
    const used = await analyst.get('/me/tokens');
    expect(used.body.tokens[0].lastUsedAt).toEqual(expect.any(Number));
  });

  it('refuses a scope the user does not hold, naming it, and an unknown one without echoing it', async () => {
    const investigator = await t.signInAs('investigator');
    const lacking = await investigator.post('/me/tokens', {
      name: 'too much',
      scopes: ['investigations.read', 'users.manage'],
      expiresInDays: 10,
    });
    expect(lacking.status).toBe(400);
    expect(lacking.body.message).toContain('users.manage');
    expect(lacking.body.message).not.toContain('investigations.read,');

    const unknown = await investigator.post('/me/tokens', {
      name: 'x',
      scopes: ['root.everything'],
      expiresInDays: 10,
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).not.toContain('root.everything');

    const tooLong = await investigator.post('/me/tokens', {
      name: 'x',
      scopes: ['investigations.read'],
      expiresInDays: 366,
    });
    expect(tooLong.status).toBe(400);
    expect(
      await t.db.selectFrom('api_tokens').select('id').where('name', '=', 'x').execute(),
    ).toEqual([]);
  });

  it('cannot be done with a token: tokens do not make tokens or change passwords', async () => {
    const analyst = await t.signInAs('analyst');
    const made = await makeToken(analyst, ['investigations.read']);
    const again = await withToken(made.token, 'POST', '/me/tokens', {
      body: { name: 'child', scopes: ['investigations.read'], expiresInDays: 365 },
    });
    expect(again.status).toBe(403);
    const password = await withToken(made.token, 'POST', '/me/password', {
      body: { currentPassword: 'test-password-1234', newPassword: 'another-password-5678' },
    });
    expect(password.status).toBe(403);
  });
});

describe('a token with only alert reading', () => {
  it('lists alerts, gets 403 on triage (audited, naming the token), and every use is audited', async () => {
    const analyst = await t.signInAs('analyst');
    const alertId = await newAlert();
    const made = await makeToken(analyst, ['investigations.read_all', 'evidence.read'], 'reader');

    const list = await withToken(made.token, 'GET', '/alerts', {
      headers: { origin: 'https://evil.example' },
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.alerts.map((a: { id: string }) => a.id)).toContain(alertId);

    const triage = await withToken(made.token, 'PATCH', `/alerts/${alertId}`, {
      body: { status: 'in_review' },
    });
    expect(triage.status).toBe(403);
    expect(triage.body.message).toMatch(/API token does not have the scope.*evidence\.write/);
    const stored = await t.db
      .selectFrom('alerts')
      .select('status')
      .where('id', '=', alertId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('new');

    const entries = await entriesNaming(made.id);
    expect(entries.map((e) => e.action)).toEqual([
      'api_token.use',
      'api_token.use',
      'access.denied',
    ]);
    for (const entry of entries) {
      expect(entry.actor_user_id).toBe(analyst.user!.id);
      expect(entry.details!.apiToken).toEqual({ id: made.id, name: 'reader' });
    }
    expect(entries[0]!.details).toMatchObject({ method: 'GET', route: '/api/app/alerts' });
    expect(entries[2]!.details).toMatchObject({ status: 403 });

    // The owner's own request in person names no token.
    await analyst.patch(`/alerts/${alertId}`, { status: 'in_review' });
    const own = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('target_id', '=', alertId)
      .where('actor_user_id', '=', analyst.user!.id)
      .execute();
    expect(own.length).toBeGreaterThan(0);
    expect(JSON.stringify(own)).not.toContain('apiToken');
  });

  it('a triage scope held by the owner lets the token triage; its change names the token', async () => {
    const analyst = await t.signInAs('analyst');
    const alertId = await newAlert();
    const made = await makeToken(
      analyst,
      ['investigations.read_all', 'evidence.read', 'evidence.write'],
      'triage bot',
    );
    const triage = await withToken(made.token, 'PATCH', `/alerts/${alertId}`, {
      body: { status: 'in_review' },
    });
    expect(triage.status, JSON.stringify(triage.body)).toBe(200);
    const change = (await entriesNaming(made.id)).find((e) => e.target_id === alertId);
    expect(change).toBeDefined();
    expect(change!.action).not.toBe('api_token.use');
  });
});

describe('a token stops working', () => {
  it('when revoked by its owner: 401, and the owner cannot revoke what is not theirs', async () => {
    const analyst = await t.signInAs('analyst');
    const other = await t.signInAs('analyst');
    const made = await makeToken(analyst, ['investigations.read']);
    expect((await withToken(made.token, 'GET', '/investigations')).status).toBe(200);
    const stranger = await other.delete(`/me/tokens/${made.id}`);
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain(made.id);

    expect((await analyst.delete(`/me/tokens/${made.id}`)).status).toBe(204);
    const after = await withToken(made.token, 'GET', '/investigations');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('The API token has been revoked.');
    expect((await analyst.get('/me/tokens')).body.tokens).toEqual([]);
    expect((await analyst.delete(`/me/tokens/${made.id}`)).status).toBe(404);
  });

  it('when expired: 401', async () => {
    const analyst = await t.signInAs('analyst');
    const made = await makeToken(analyst, ['investigations.read']);
    await t.db
      .updateTable('api_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', made.id)
      .execute();
    const reply = await withToken(made.token, 'GET', '/investigations');
    expect(reply.status).toBe(401);
    expect(reply.body.message).toMatch(/expired/);
    expect((await analyst.get('/me/tokens')).body.tokens[0]).toMatchObject({ expired: true });
  });

  it('when its owner is disabled: 401', async () => {
    const analyst = await t.signInAs('analyst');
    const made = await makeToken(analyst, ['investigations.read']);
    expect((await admin.patch(`/admin/users/${analyst.user!.id}`, { disabled: true })).status).toBe(
      200,
    );
    expect((await withToken(made.token, 'GET', '/investigations')).status).toBe(401);
  });

  it('while its owner must choose a new password: 403 password_change_required', async () => {
    const analyst = await t.signInAs('analyst');
    const made = await makeToken(analyst, ['investigations.read']);
    expect((await admin.post(`/admin/users/${analyst.user!.id}/reset-password`, {})).status).toBe(
      200,
    );
    const reply = await withToken(made.token, 'GET', '/investigations');
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('password_change_required');
  });

  it('when revoked by an admin, who sees everyone’s tokens; others may not', async () => {
    const analyst = await t.signInAs('analyst');
    const made = await makeToken(analyst, ['investigations.read'], 'nightly export');
    const all = await admin.get('/admin/tokens');
    expect(all.status).toBe(200);
    expect(all.body.tokens).toContainEqual(
      expect.objectContaining({
        id: made.id,
        name: 'nightly export',
        owner: expect.objectContaining({ id: analyst.user!.id, email: analyst.user!.email }),
      }),
    );
    expect(JSON.stringify(all.body)).not.toContain(made.token);
    expect((await analyst.get('/admin/tokens')).status).toBe(403);
    expect((await analyst.delete(`/admin/tokens/${made.id}`)).status).toBe(403);

    expect((await admin.delete(`/admin/tokens/${made.id}`)).status).toBe(204);
    expect((await withToken(made.token, 'GET', '/investigations')).status).toBe(401);
    const revoke = await t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'action'])
      .where('target_type', '=', 'api_token')
      .where('target_id', '=', made.id)
      .where('action', '=', 'api_token.revoke')
      .execute();
    expect(revoke).toEqual([{ actor_user_id: admin.user!.id, action: 'api_token.revoke' }]);
  });
});

describe('a token never holds more than its owner', () => {
  it('loses a scope when the owner’s role loses the permission', async () => {
    const role = await admin.post('/admin/roles', {
      name: `Alert reader ${randomUUID().slice(0, 6)}`,
      permissions: ['investigations.read', 'investigations.read_all', 'evidence.read'],
    });
    expect(role.status).toBe(201);
    const reader = await t.signInAs(role.body.id);
    const made = await makeToken(reader, ['investigations.read_all', 'evidence.read']);
    expect((await withToken(made.token, 'GET', '/alerts')).status).toBe(200);

    await admin.patch(`/admin/roles/${role.body.id}`, {
      permissions: ['investigations.read', 'investigations.read_all'],
    });
    const after = await withToken(made.token, 'GET', '/alerts');
    expect(after.status).toBe(403);
    expect(after.body.message).toMatch(/^Your role does not allow you/);
    const me = await withToken(made.token, 'GET', '/auth/me');
    expect(me.body.permissions).toEqual(['investigations.read_all']);
    expect(me.body.apiToken).toMatchObject({ id: made.id });
    expect(me.body.session).toBeNull();

    // Given back, the scope works again: the token kept what its owner chose.
    await admin.patch(`/admin/roles/${role.body.id}`, {
      permissions: ['investigations.read', 'investigations.read_all', 'evidence.read'],
    });
    expect((await withToken(made.token, 'GET', '/alerts')).status).toBe(200);
  });
});

describe('bad tokens are throttled per address', () => {
  it('like failed sign-ins: after the free attempts every token from that address waits', async () => {
    const analyst = await t.signInAs('analyst');
    const made = await makeToken(analyst, ['investigations.read']);
    const address = '203.0.113.77';
    const guess = () => `vgl_${randomUUID().replace(/-/g, '').padEnd(43, 'A')}`;
    for (let i = 0; i < 30; i++) {
      const reply = await withToken(guess(), 'GET', '/investigations', { address });
      expect(reply.status, `guess ${i + 1}`).toBe(401);
    }
    const throttled = await withToken(guess(), 'GET', '/investigations', { address });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // A right token from there waits too, so guessing cannot find one; elsewhere it works.
    expect((await withToken(made.token, 'GET', '/investigations', { address })).status).toBe(429);
    const elsewhere = await withToken(made.token, 'GET', '/investigations', {
      address: '198.51.100.5',
    });
    expect(elsewhere.status).toBe(200);
    // Sign-in from that address shares the counter.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/app/auth/login',
      remoteAddress: address,
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: analyst.user!.email, password: 'test-password-1234' }),
    });
    expect(signIn.statusCode).toBe(429);
  });
});

describe('cross-site requests', () => {
  it('a bearer token without a cookie needs no origin; a cookie session still does', async () => {
    const analyst = await t.signInAs('analyst');
    const alertId = await newAlert();
    const made = await makeToken(analyst, [
      'investigations.read_all',
      'evidence.read',
      'evidence.write',
    ]);
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const byToken = await withToken(made.token, 'PATCH', `/alerts/${alertId}`, {
      body: { status: 'in_review' },
      headers: evil,
    });
    expect(byToken.status, JSON.stringify(byToken.body)).toBe(200);
    const noOrigin = await withToken(made.token, 'PATCH', `/alerts/${alertId}`, {
      body: { status: 'new' },
    });
    expect(noOrigin.status).toBe(200);

    const byCookie = await analyst.send(
      'PATCH',
      `/alerts/${alertId}`,
      { status: 'in_review' },
      evil,
    );
    expect(byCookie.status).toBe(403);
    expect(byCookie.body.message).toMatch(/^Cross-site request refused/);
    // A cookie beside the token brings the origin check back.
    const both = await withToken(made.token, 'PATCH', `/alerts/${alertId}`, {
      body: { status: 'in_review' },
      headers: { ...evil, cookie: analyst.cookie! },
    });
    expect(both.status).toBe(403);
  });
});

describe('the OpenAPI document', () => {
  it('declares the bearer scheme beside the session cookie', async () => {
    const doc = await admin.get('/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.components.securitySchemes.apiToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.body.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/app/me/tokens', '/api/app/admin/tokens']),
    );
  });
});
