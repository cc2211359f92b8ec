import { createHmac } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { notificationSenderPlugin } from '../../../src/server/notify/notification-sender-plugin';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import {
  eventually,
  startHttpReceiver,
  startSmtpReceiver,
  startSyslogReceiver,
  type HttpReceiver,
  type SmtpReceiver,
  type SyslogReceiver,
} from './support/receivers';
import { connect } from '../ingest/support/ingest-helpers';
import { raiseAlertByIngest, raiseAlertByPush, somePerson } from './support/raise-alert';

const SECRET = 'a-webhook-secret-of-32-characters';
let t: TestApp;
let admin: ApiClient;
let web: HttpReceiver;
let smtp: SmtpReceiver;
let syslog: SyslogReceiver;

beforeAll(async () => {
  [web, smtp, syslog] = await Promise.all([
    startHttpReceiver(),
    startSmtpReceiver(),
    startSyslogReceiver(),
  ]);
  t = await startTestApp(
    { allowHttpConnectors: true, publicUrl: 'https://vigil.example' },
    {
      register: async (app) => {
        await app.register(notificationSenderPlugin, {
          tickMs: 50,
          retryBaseMs: 200,
          timeoutMs: 2000,
        });
      },
    },
  );
  admin = await t.signInAs('admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([web?.close(), smtp?.close(), syslog?.close()]);
});

async function channel(kind: string, name: string, settings: Record<string, unknown>) {
  const reply = await admin.post('/notifications/channels', { kind, name, settings });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

async function rule(name: string, trigger: Record<string, unknown>, channelIds: string[]) {
  const reply = await admin.post('/notifications/rules', {
    name,
    enabled: true,
    trigger,
    channelIds,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

const verify = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

describe('an alert raised by ingest', () => {
  it('reaches each channel once, signed, with the person by pseudonym and never their name', async () => {
    const ids = {
      webhook: await channel('webhook', 'SOAR', { url: `${web.url}/hook`, secret: SECRET }),
      email: await channel('email', 'SOC mail', {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        from: 'vigil@example.com',
        to: ['soc@example.com'],
      }),
      slack: await channel('slack', 'Slack #soc', { url: `${web.url}/slack` }),
      teams: await channel('teams', 'Teams SOC', { url: `${web.url}/teams` }),
      syslog: await channel('syslog', 'SIEM', {
        host: '127.0.0.1',
        port: syslog.port,
        protocol: 'tcp',
      }),
    };
    await rule('High alerts', { kind: 'alert', minSeverity: 'high' }, Object.values(ids));
    // A second rule naming the webhook again: still one delivery per channel.
    await rule('Log clearing', { kind: 'alert', minSeverity: 'low', rule: 'event-log-cleared' }, [
      ids.webhook,
    ]);
    const person = await somePerson(t);
    await raiseAlertByIngest(t, person.email);
    const alert = await t.db
      .selectFrom('alerts')
      .selectAll()
      .where('employee_id', '=', person.id)
      .executeTakeFirstOrThrow();

    const at = (path: string) => web.received.filter((r) => r.path === path);
    await eventually(
      () =>
        at('/hook').length >= 1 &&
        at('/slack').length >= 1 &&
        at('/teams').length >= 1 &&
        smtp.messages.length >= 1 &&
        syslog.frames.length >= 1,
      15_000,
      'every channel',
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(at('/hook')).toHaveLength(1);
    expect(at('/slack')).toHaveLength(1);
    expect(at('/teams')).toHaveLength(1);
    expect(smtp.messages).toHaveLength(1);
    expect(syslog.frames).toHaveLength(1);

    const hook = at('/hook')[0]!;
    const timestamp = String(hook.headers['x-vigil-timestamp']);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(hook.headers['x-vigil-signature']).toBe(verify(SECRET, timestamp, hook.body));
    expect(hook.headers['content-type']).toBe('application/json');
    const pseudonym = t.app.pseudonyms.of(person.id).name;
    const deliveryId = hook.headers['x-vigil-delivery'];
    expect(JSON.parse(hook.body)).toEqual({
      id: deliveryId,
      type: 'alert.created',
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      alert: {
        id: alert.id,
        title: alert.title,
        severity: 'high',
        rule: 'event-log-cleared',
        person: { pseudonym },
        url: `https://vigil.example/app/alerts/${alert.id}`,
      },
    });

    const everything = [
      ...web.received.map((r) => r.body),
      ...smtp.messages.map((m) => m.raw),
      ...syslog.frames,
    ];
    const [first, ...rest] = person.full_name.split(' ');
    for (const text of everything) {
      expect(text).toContain(pseudonym);
      expect(text).not.toContain(person.email);
      expect(text).not.toContain(person.full_name);
      expect(text.toLowerCase()).not.toContain(person.email.split('@')[0]!.toLowerCase());
      if (first && rest.length > 0) expect(text).not.toContain(`${first} ${rest.at(-1)}`);
    }
    expect(smtp.messages[0]!.to).toEqual(['soc@example.com']);
    expect(JSON.parse(at('/slack')[0]!.body).blocks).toBeInstanceOf(Array);
    expect(JSON.parse(at('/teams')[0]!.body).attachments[0].contentType).toBe(
      'application/vnd.microsoft.card.adaptive',
    );
    expect(syslog.frames[0]).toMatch(
      /^<107>1 \S+ \S+ vigil \d+ alert\.created - CEF:0\|Vigil\|Vigil\|/,
    );
    expect(syslog.frames[0]).toContain(`suser=${pseudonym}`);

    const log = await admin.get('/notifications/deliveries', { status: 'delivered' });
    expect(log.status).toBe(200);
    const mine = log.body.deliveries.filter((d: any) => d.event === 'alert.created');
    expect(mine).toHaveLength(5);
    expect(mine.every((d: any) => d.attempts === 1 && d.lastError === null)).toBe(true);
    expect(mine.find((d: any) => d.channelId === ids.webhook).id).toBe(deliveryId);

    // Each channel's log alone.
    const webhookLog = await admin.get('/notifications/deliveries', { channel: ids.webhook });
    expect(webhookLog.body.deliveries.map((d: any) => d.id)).toEqual([deliveryId]);
  });

  it('a receiver answering 500 twice and then 200 gets it on the third attempt, same id each time', async () => {
    web.plan.set('/flaky', [500, 500]);
    const flaky = await channel('webhook', 'Flaky', { url: `${web.url}/flaky`, secret: SECRET });
    await rule('To the flaky one', { kind: 'alert', minSeverity: 'medium' }, [flaky]);
    const person = await somePerson(t, 1);
    await raiseAlertByIngest(t, person.email);
    const attempts = () => web.received.filter((r) => r.path === '/flaky');
    await eventually(() => attempts().length >= 3, 15_000, 'three attempts');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(attempts()).toHaveLength(3);
    const ids = new Set(attempts().map((r) => r.headers['x-vigil-delivery']));
    expect(ids.size).toBe(1);
    const bodies = new Set(attempts().map((r) => JSON.parse(r.body).id));
    expect(bodies).toEqual(ids);
    const log = await admin.get('/notifications/deliveries', { channel: flaky });
    expect(log.body.deliveries).toHaveLength(1);
    expect(log.body.deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: 3,
      lastError: null,
    });
  });

  it('a dead receiver does not delay a push or detection (timed with and without it)', async () => {
    const integration = await connect(admin, 'normalized', 'Shipper');
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    // Without a dead receiver: three pushes, each raising an alert the channels are told of.
    const without: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      without.push(await raiseAlertByPush(t, integration, (await somePerson(t, 2 + i)).email));
    }
    web.hang.add('/dead');
    const dead = await channel('webhook', 'Dead', { url: `${web.url}/dead`, secret: SECRET });
    await rule('To the dead one', { kind: 'alert', minSeverity: 'low' }, [dead]);
    // With it: the first push's alert goes to the dead receiver, which never answers; the next
    // pushes happen while the sender waits on it (up to its 2 s timeout).
    const withDead: number[] = [];
    withDead.push(await raiseAlertByPush(t, integration, (await somePerson(t, 5)).email));
    await eventually(
      () => web.received.some((r) => r.path === '/dead'),
      10_000,
      'the dead receiver to be tried',
    );
    for (let i = 0; i < 2; i += 1) {
      withDead.push(await raiseAlertByPush(t, integration, (await somePerson(t, 6 + i)).email));
    }
    // The numbers, for whoever reads the run (as rule-safety does).
    // eslint-disable-next-line no-console
    console.log(
      `push + detection, ms: without a dead receiver ${without.map(Math.round).join(', ')}; ` +
        `with one ${withDead.map(Math.round).join(', ')}`,
    );
    // The sender waits up to its 2 s timeout; pushes and detection never do.
    expect(median(withDead)).toBeLessThan(median(without) + 1000);
    expect(Math.max(...withDead)).toBeLessThan(2000 + median(without));
    const log = await admin.get('/notifications/deliveries', { channel: dead });
    expect(log.body.deliveries.length).toBeGreaterThanOrEqual(1);
  });
});

describe('channels and rules', () => {
  it('keeps secrets write-only and encrypted at rest', async () => {
    const id = await channel('webhook', 'Sealed', { url: `${web.url}/sealed`, secret: SECRET });
    const listed = await admin.get('/notifications/channels');
    const shown = listed.body.channels.find((c: any) => c.id === id);
    expect(shown.settings).toEqual({ url: `${web.url}/sealed` });
    expect(shown.secrets).toEqual({ secret: { set: true, last4: SECRET.slice(-4) } });
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
    const row = await t.db
      .selectFrom('notification_channels')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SECRET);
    // A change without the secret keeps it.
    const renamed = await admin.patch(`/notifications/channels/${id}`, {
      name: 'Sealed again',
      settings: { url: `${web.url}/sealed2` },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.secrets.secret.last4).toBe(SECRET.slice(-4));
    const test = await admin.post(`/notifications/channels/${id}/test`);
    expect(test.body.ok).toBe(true);
    const got = web.received.find((r) => r.path === '/sealed2')!;
    expect(got.headers['x-vigil-signature']).toBe(
      verify(SECRET, String(got.headers['x-vigil-timestamp']), got.body),
    );
    expect(JSON.parse(got.body)).toMatchObject({ id: test.body.deliveryId, type: 'channel.test' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'notification.channel.create',
      'notification.channel.test',
      'notification.channel.update',
    ]);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });

  it('a failed test is in the log as failed, and an admin can send it again', async () => {
    web.plan.set('/broken', [503]);
    const id = await channel('webhook', 'Broken', { url: `${web.url}/broken`, secret: SECRET });
    const test = await admin.post(`/notifications/channels/${id}/test`);
    expect(test.body).toMatchObject({ ok: false });
    expect(test.body.message).toContain('503');
    const failed = await admin.get('/notifications/deliveries', { channel: id, status: 'failed' });
    expect(failed.body.deliveries).toHaveLength(1);
    expect(failed.body.deliveries[0]).toMatchObject({
      attempts: 1,
      lastError: 'The receiver answered 503.',
    });
    const retry = await admin.post(`/notifications/deliveries/${test.body.deliveryId}/retry`);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    await eventually(
      () => web.received.filter((r) => r.path === '/broken').length === 2,
      10_000,
      'the re-send',
    );
    const resent = web.received.filter((r) => r.path === '/broken');
    expect(resent[1]!.headers['x-vigil-delivery']).toBe(test.body.deliveryId);
    let after = await admin.get('/notifications/deliveries', { channel: id });
    for (let i = 0; i < 100 && after.body.deliveries[0]?.status !== 'delivered'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await admin.get('/notifications/deliveries', { channel: id });
    }
    expect(after.body.deliveries).toHaveLength(1);
    expect(after.body.deliveries[0]).toMatchObject({ attempts: 2, lastError: null });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', test.body.deliveryId)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['notification.delivery.retry']);
  });

  it('refuses a URL that is not https or points inside, without echoing it', async () => {
    const strict = await startTestApp({ allowHttpConnectors: false });
    try {
      const strictAdmin = await strict.signInAs('admin');
      for (const url of [
        'http://hooks.example.com/x',
        'https://127.0.0.1/x',
        'https://10.1.2.3/x',
      ]) {
        const reply = await strictAdmin.post('/notifications/channels', {
          kind: 'webhook',
          name: 'Inside',
          settings: { url, secret: SECRET },
        });
        expect(reply.status).toBe(400);
        expect(JSON.stringify(reply.body)).not.toContain(url);
      }
      const slack = await strictAdmin.post('/notifications/channels', {
        kind: 'slack',
        name: 'Local',
        settings: { url: 'https://localhost/hook' },
      });
      expect(slack.status).toBe(400);
    } finally {
      await strict.close();
    }
  });

  it('is for admins: others get 403', async () => {
    const analyst = await t.signInAs('analyst');
    expect((await analyst.get('/notifications/channels')).status).toBe(403);
    expect((await analyst.get('/notifications/rules')).status).toBe(403);
    expect((await analyst.get('/notifications/deliveries')).status).toBe(403);
  });

  it('refuses a rule naming a channel that does not exist', async () => {
    const reply = await admin.post('/notifications/rules', {
      name: 'Nowhere',
      enabled: true,
      trigger: { kind: 'reveal_requested' },
      channelIds: ['no-such-channel'],
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).not.toContain('no-such-channel');
  });
});
