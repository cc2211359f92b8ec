import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOGIN_FAILED_MESSAGE } from '../../src/shared/schemas/auth';
import { HOST, ORIGIN, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('without a session', () => {
  it('every /api/app route but sign-in and sign-out answers 401', async () => {
    const admin = await t.signInAs('admin');
    const doc = await admin.get<{ paths: Record<string, Record<string, unknown>> }>(
      '/openapi.json',
    );
    expect(doc.status).toBe(200);
    const routes = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    // Sign-in, sign-out and the single sign-on round trip are the only public routes.
    const guarded = routes.filter((r) => !/\/auth\/(login|logout|sso\/)/.test(r.path));
    expect(guarded.length).toBeGreaterThan(15);
    for (const route of guarded) {
      const path = route.path.replace('/api/app', '').replace(/\{[^}]+\}/g, 'x');
      const reply = await t.anonymous.send(
        route.method as 'GET',
        path,
        route.method === 'GET' ? undefined : {},
      );
      expect({ route, status: reply.status }).toEqual({ route, status: 401 });
      // The push ingest route is authenticated by its integration token instead of a session.
      expect(reply.body.message).toMatch(
        route.path.endsWith('/ingest') ? /ingest token/i : /sign in/i,
      );
    }
    // The document itself is one of those routes.
    expect((await t.anonymous.get('/openapi.json')).status).toBe(401);
  });
});

describe('sign-in', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and stores only its SHA-256', async () => {
    const alice = await t.signInAs('investigator');
    const reply = await t.signIn(alice.user!.email, alice.user!.password);
    expect(reply.reply.status).toBe(200);
    const cookie = reply.reply.cookies.find((c) => c.name === 'vigil_session')!;
    expect(String(reply.reply.headers['set-cookie'])).toMatch(/HttpOnly/);
    expect(String(reply.reply.headers['set-cookie'])).toMatch(/SameSite=Lax/);
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(cookie.value);
    expect(hashes).toContain(createHash('sha256').update(cookie.value).digest('hex'));
    const me = await reply.client.get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(alice.user!.email);
    expect(me.body.roles).toEqual([{ id: 'investigator', name: 'Investigator' }]);
    expect(me.body.permissions).toContain('investigations.write');
    expect(me.body.permissions).not.toContain('users.manage');
  });

  it('gives the same message for an unknown account, a wrong password and a disabled user', async () => {
    const bob = await t.signInAs('analyst');
    const unknown = await t.signIn('nobody-here@vigil.test', 'whatever-password');
    const wrong = await t.signIn(bob.user!.email, 'not-the-password');
    const admin = await t.signInAs('admin');
    await admin.patch(`/admin/users/${bob.user!.id}`, { disabled: true });
    const disabled = await t.signIn(bob.user!.email, bob.user!.password);
    for (const attempt of [unknown, wrong, disabled]) {
      expect(attempt.reply.status).toBe(401);
      expect(attempt.reply.body).toEqual({ error: 'Unauthorized', message: LOGIN_FAILED_MESSAGE });
    }
  });

  it('issues a new token at every sign-in and ends the session the browser had', async () => {
    const carol = await t.signInAs('analyst');
    const again = await carol.post('/auth/login', {
      email: carol.user!.email,
      password: carol.user!.password,
    });
    expect(again.status).toBe(200);
    const fresh = again.cookies.find((c) => c.name === 'vigil_session')!.value;
    expect(carol.cookie).not.toContain(fresh);
    expect((await carol.get('/auth/me')).status).toBe(401);
  });

  it('makes one address wait after five failures, even for the right password, but not another', async () => {
    const dave = await t.signInAs('analyst');
    for (let i = 0; i < 5; i++) {
      expect((await t.signIn(dave.user!.email, `wrong-${i}`)).reply.status).toBe(401);
    }
    const blocked = await t.signIn(dave.user!.email, dave.user!.password);
    expect(blocked.reply.status).toBe(429);
    expect(blocked.reply.body.message).toBe(
      'Too many failed sign-in attempts. Wait 30 seconds and try again.',
    );
    expect(blocked.reply.headers['retry-after']).toBe('30');
    // Five failures from one address no longer lock the account everywhere for 15 minutes.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/app/auth/login',
      remoteAddress: '192.0.2.44',
      headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: dave.user!.email, password: dave.user!.password }),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('rejects a malformed sign-in with 400 and a sentence', async () => {
    const reply = await t.anonymous.post('/auth/login', { email: '' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/email: Enter your email/);
  });
});

describe('sessions', () => {
  it('end after 30 minutes idle', async () => {
    const erin = await t.signInAs('analyst');
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: Date.now() - 31 * 60_000 })
      .where('user_id', '=', erin.user!.id)
      .execute();
    const reply = await erin.get('/auth/me');
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('Your session has expired. Sign in again.');
    // The expired session is gone, so it cannot be revived.
    expect(
      await t.db.selectFrom('sessions').where('user_id', '=', erin.user!.id).selectAll().execute(),
    ).toEqual([]);
  });

  it('end 12 hours after sign-in however active they are', async () => {
    const frank = await t.signInAs('analyst');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', frank.user!.id)
      .execute();
    expect((await frank.get('/auth/me')).status).toBe(401);
  });

  it('all end when the user is disabled', async () => {
    const gina1 = await t.signInAs('investigator', { email: 'gina@vigil.test' });
    const gina2 = (await t.signIn('gina@vigil.test', gina1.user!.password)).client;
    const admin = await t.signInAs('admin');
    expect((await admin.patch(`/admin/users/${gina1.user!.id}`, { disabled: true })).status).toBe(
      200,
    );
    expect((await gina1.get('/auth/me')).status).toBe(401);
    expect((await gina2.get('/auth/me')).status).toBe(401);
  });

  it('end at sign-out', async () => {
    const hank = await t.signInAs('analyst');
    const out = await hank.post('/auth/logout', {});
    expect(out.status).toBe(204);
    expect((await hank.get('/auth/me')).status).toBe(401);
  });
});

describe('cross-site requests', () => {
  it('refuses unsafe requests without a same-origin Origin or Sec-Fetch-Site', async () => {
    const ivy = await t.signInAs('investigator');
    const body = { title: 'x', subjectEmployeeId: 'E1002' };
    const noOrigin = await ivy.send('POST', '/investigations', body, { origin: '' });
    expect(noOrigin.status).toBe(403);
    const foreign = await ivy.send('POST', '/investigations', body, {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/Cross-site request refused/);
    const viaFetchMetadata = await ivy.send('POST', '/investigations', body, {
      origin: '',
      'sec-fetch-site': 'same-origin',
    });
    expect(viaFetchMetadata.status).toBe(201);
  });

  it('refuses bodies that are not JSON or multipart', async () => {
    const jack = await t.signInAs('investigator');
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('investigations')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const reply = await jack.send('POST', '/investigations', 'title=x&subjectEmployeeId=E1002', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(reply.status).toBe(415);
    expect(reply.body.message).toMatch(/application\/json/);
    expect(await count()).toBe(before);
  });

  it('sends security headers with a strict CSP', async () => {
    const reply = await t.anonymous.get('/auth/me');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});
