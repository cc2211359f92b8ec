import { createHmac } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import {
  startHttpReceiver,
  startSmtpReceiver,
  type HttpReceiver,
  type SmtpReceiver,
} from './support/receivers';

/*
 * PATCH /notifications/channels/{id}: a channel's settings changed in place. Secrets stay
 * write-only: left out they stay as they were, typed they are replaced; the merged settings are
 * checked whole, as a new channel's, and a refused change leaves the channel untouched.
 */

const OLD = 'the-first-secret-0123456789';
const NEW = 'the-second-secret-abcdefghij';
let t: TestApp;
let admin: ApiClient;
let web: HttpReceiver;
let smtp: SmtpReceiver;

beforeAll(async () => {
  [web, smtp] = await Promise.all([startHttpReceiver(), startSmtpReceiver()]);
  t = await startTestApp({ allowHttpConnectors: true, publicUrl: 'https://vigil.example' });
  admin = await t.signInAs('admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([web?.close(), smtp?.close()]);
});

const signed = (secret: string, r: { headers: Record<string, unknown>; body: string }) =>
  r.headers['x-vigil-signature'] ===
  `sha256=${createHmac('sha256', secret)
    .update(`${String(r.headers['x-vigil-timestamp'])}.${r.body}`)
    .digest('hex')}`;

async function create(kind: string, settings: Record<string, unknown>) {
  const reply = await admin.post('/notifications/channels', {
    kind,
    name: `Edit ${kind}`,
    settings,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

describe('changing a channel', () => {
  it('a typed secret replaces the old one; one left out stays; the audit names it, never its value', async () => {
    const id = await create('webhook', { url: `${web.url}/one`, secret: OLD });
    const kept = await admin.patch(`/notifications/channels/${id}`, {
      settings: { url: `${web.url}/two` },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.settings).toEqual({ url: `${web.url}/two` });
    expect(kept.body.secrets).toEqual({ secret: { set: true, last4: OLD.slice(-4) } });

    const replaced = await admin.patch(`/notifications/channels/${id}`, {
      name: 'Edited webhook',
      settings: { secret: NEW },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({
      name: 'Edited webhook',
      settings: { url: `${web.url}/two` },
      secrets: { secret: { set: true, last4: NEW.slice(-4) } },
    });
    expect(JSON.stringify(replaced.body)).not.toContain(NEW);
    expect((await admin.post(`/notifications/channels/${id}/test`)).body.ok).toBe(true);
    const got = web.received.filter((r) => r.path === '/two');
    expect(got).toHaveLength(1);
    expect(signed(NEW, got[0]!)).toBe(true);
    expect(signed(OLD, got[0]!)).toBe(false);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', id)
      .where('action', '=', 'notification.channel.update')
      .orderBy('id')
      .execute();
    const details = audit.map((a) =>
      typeof a.details === 'string' ? JSON.parse(a.details) : a.details,
    );
    expect(details).toEqual([
      { settings: ['url'] },
      { name: 'Edited webhook', settings: ['secret'], secretsChanged: ['secret'] },
    ]);
    expect(JSON.stringify(details)).not.toContain(NEW);
  });

  it('an email channel: a new list of addresses keeps the stored password', async () => {
    const id = await create('email', {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      username: 'mailer',
      password: 'mail-password-1',
      from: 'vigil@example.com',
      to: ['soc@example.com'],
    });
    const changed = await admin.patch(`/notifications/channels/${id}`, {
      settings: { to: ['oncall@example.com', 'soc@example.com'] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.settings).toMatchObject({
      username: 'mailer',
      to: ['oncall@example.com', 'soc@example.com'],
    });
    expect(changed.body.secrets).toEqual({ password: { set: true, last4: 'rd-1' } });
  });

  it('refuses bad settings whole, saying which field, and changes nothing', async () => {
    const id = await create('syslog', { host: '127.0.0.1', port: 6514, protocol: 'tls' });
    const before = (await admin.get('/notifications/channels')).body.channels.find(
      (c: any) => c.id === id,
    );
    for (const [settings, field] of [
      [{ port: 70000 }, 'settings.port'],
      [{ protocol: 'udp' }, 'settings.protocol'],
      [{ colour: 'blue' }, 'settings'],
    ] as const) {
      const reply = await admin.patch(`/notifications/channels/${id}`, {
        name: 'Should not stick',
        settings,
      });
      expect(reply.status, JSON.stringify(settings)).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(field);
    }
    const after = (await admin.get('/notifications/channels')).body.channels.find(
      (c: any) => c.id === id,
    );
    expect(after).toEqual(before);
  });

  it('switched off, it is sent nothing and a test says why', async () => {
    const id = await create('webhook', { url: `${web.url}/off`, secret: OLD });
    const off = await admin.patch(`/notifications/channels/${id}`, { enabled: false });
    expect(off.body.enabled).toBe(false);
    const test = await admin.post(`/notifications/channels/${id}/test`);
    expect(test.body).toMatchObject({ ok: false });
    expect(test.body.message).toContain('switched off');
    expect(web.received.filter((r) => r.path === '/off')).toHaveLength(0);
  });

  it('a channel that does not exist: 404, without echoing the id', async () => {
    const reply = await admin.patch('/notifications/channels/no-such-channel', { name: 'X' });
    expect(reply.status).toBe(404);
    expect(JSON.stringify(reply.body)).not.toContain('no-such-channel');
  });

  it('an inside or plain-http URL is refused on change too (without the insecure setting)', async () => {
    const strict = await startTestApp({ allowHttpConnectors: false });
    try {
      const strictAdmin = await strict.signInAs('admin');
      const created = await strictAdmin.post('/notifications/channels', {
        kind: 'slack',
        name: 'Slack',
        settings: { url: 'https://hooks.slack.example.com/services/T000/B000/XXXX' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      for (const url of ['http://hooks.slack.example.com/x', 'https://192.168.1.5/x']) {
        const reply = await strictAdmin.patch(`/notifications/channels/${created.body.id}`, {
          settings: { url },
        });
        expect(reply.status).toBe(400);
        expect(JSON.stringify(reply.body)).not.toContain(url);
      }
      const listed = await strictAdmin.get('/notifications/channels');
      expect(listed.body.channels[0].secrets.url.last4).toBe('XXXX');
    } finally {
      await strict.close();
    }
  });
});
