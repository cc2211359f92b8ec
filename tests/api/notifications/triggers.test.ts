import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queueNotification } from '../../../src/server/notify/queue-notification';
import { notificationSenderPlugin } from '../../../src/server/notify/notification-sender-plugin';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import {
  eventually,
  startHttpReceiver,
  startSmtpReceiver,
  type HttpReceiver,
  type SmtpReceiver,
} from './support/receivers';
import { somePerson } from './support/raise-alert';

let t: TestApp;
let admin: ApiClient;
let web: HttpReceiver;
let smtp: SmtpReceiver;
let emailChannel: string;
let hookChannel: string;

beforeAll(async () => {
  [web, smtp] = await Promise.all([startHttpReceiver(), startSmtpReceiver()]);
  t = await startTestApp(
    { allowHttpConnectors: true, publicUrl: 'https://vigil.example' },
    {
      register: async (app) => {
        await app.register(notificationSenderPlugin, { tickMs: 50, retryBaseMs: 200 });
      },
    },
  );
  admin = await t.signInAs('admin');
  const email = await admin.post('/notifications/channels', {
    kind: 'email',
    name: 'Mail',
    settings: {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      from: 'vigil@example.com',
      to: ['soc@example.com'],
    },
  });
  emailChannel = email.body.id;
  const hook = await admin.post('/notifications/channels', {
    kind: 'webhook',
    name: 'Hook',
    settings: { url: `${web.url}/events`, secret: 'a-webhook-secret-of-32-characters' },
  });
  hookChannel = hook.body.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([web?.close(), smtp?.close()]);
});

const bodies = () => web.received.map((r) => JSON.parse(r.body) as Record<string, any>);

describe('who is told what', () => {
  it('a case assigned: the assignee, by email at their own address when they asked, and the rule’s channels', async () => {
    await admin.post('/notifications/rules', {
      name: 'Assignments',
      enabled: true,
      trigger: { kind: 'case_assigned' },
      channelIds: [hookChannel],
    });
    const assignee = await t.signInAs('investigator');
    const mine = await assignee.put('/me/notifications', {
      assignedToMe: true,
      myRevealDecided: false,
    });
    expect(mine.body).toEqual({ assignedToMe: true, myRevealDecided: false });
    const person = await somePerson(t);
    const created = await admin.post('/investigations', {
      title: `About ${person.full_name}`,
      subjectEmployeeId: person.id,
      assigneeUserId: assignee.user!.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await eventually(
      () => smtp.messages.length >= 1 && bodies().some((b) => b.type === 'case.assigned'),
      10_000,
      'the assignment',
    );
    expect(smtp.messages[0]!.to).toEqual([assignee.user!.email]);
    const hook = bodies().find((b) => b.type === 'case.assigned')!;
    // The case's title names the person: the message withholds the name.
    expect(hook.case.title).not.toContain(person.full_name);
    expect(hook.case.title).toContain('[withheld]');
    expect(smtp.messages[0]!.raw).not.toContain(person.full_name);
  });

  it('a reveal waiting: the privacy officers; decided: the requester', async () => {
    await admin.post('/notifications/rules', {
      name: 'Reveals',
      enabled: true,
      trigger: { kind: 'reveal_requested' },
      channelIds: [emailChannel],
    });
    await admin.post('/notifications/rules', {
      name: 'Decisions',
      enabled: true,
      trigger: { kind: 'reveal_decided' },
      channelIds: [hookChannel],
    });
    const officer = await t.signInAs('privacy_officer');
    const analyst = await t.signInAs('analyst');
    const person = await somePerson(t, 1);
    const opened = await analyst.post('/investigations', {
      title: 'Reveal case',
      subjectEmployeeId: person.id,
    });
    const before = smtp.messages.length;
    const asked = await analyst.post(`/investigations/${opened.body.id}/reveals`, {
      employeeId: person.id,
      purpose: 'Interview with HR',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    // Everyone who decides reveals (the privacy officer, and the admin, whose role may too).
    const told = () => smtp.messages.slice(before).flatMap((m) => m.to);
    await eventually(
      () => told().includes(officer.user!.email) && told().includes(admin.user!.email),
      10_000,
      'the officers’ email',
    );
    expect(told()).not.toContain(analyst.user!.email);
    expect(told()).not.toContain('soc@example.com');
    const approved = await officer.post(`/reveals/${asked.body.id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await eventually(
      () => bodies().some((b) => b.type === 'reveal.decided'),
      10_000,
      'the decision',
    );
    expect(bodies().find((b) => b.type === 'reveal.decided')!.reveal).toMatchObject({
      id: asked.body.id,
      decision: 'granted',
    });
  });

  it('a collector failing for more than 15 minutes, once per failure', async () => {
    await admin.post('/notifications/rules', {
      name: 'Collectors',
      enabled: true,
      trigger: { kind: 'collector_failing' },
      channelIds: [hookChannel],
    });
    const integration = await admin.post('/integrations', { name: 'Okta', kind: 'okta' });
    const id = integration.body.integration.id as string;
    const now = Date.now();
    await t.db
      .insertInto('integration_collections')
      .values({
        integration_id: id,
        enabled: 1,
        interval_seconds: 60,
        backfill_days: 7,
        settings: '{}',
        secrets: null,
        secret_hints: '{}',
        cursor: null,
        state: 'failing',
        last_poll_at: now,
        last_success_at: null,
        last_error: 'Okta answered 401: the API token is not valid or has expired',
        failing_since: now - 16 * 60_000,
        next_poll_at: now + 3_600_000,
        wait_until: null,
        newest_event_at: null,
        run_requested_at: null,
        lease_owner: null,
        lease_until: null,
        updated_at: now,
      })
      .execute();
    await eventually(
      () => bodies().some((b) => b.type === 'collector.failing'),
      10_000,
      'the failing collector',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const told = bodies().filter((b) => b.type === 'collector.failing');
    expect(told).toHaveLength(1);
    expect(told[0]!.integration).toMatchObject({ id, name: 'Okta', kind: 'okta' });
  });

  it('a retention run that removed data', async () => {
    await admin.post('/notifications/rules', {
      name: 'Retention',
      enabled: true,
      trigger: { kind: 'retention_removed' },
      channelIds: [hookChannel],
    });
    const queued = await queueNotification(
      t.db,
      {
        type: 'retention.removed',
        runId: 'run-1',
        removed: { events: 1828, cases: 0, auditEntries: 0 },
      },
      Date.now(),
    );
    expect(queued).toBe(1);
    await eventually(
      () => bodies().some((b) => b.type === 'retention.removed'),
      10_000,
      'the retention run',
    );
    const log = await admin.get('/notifications/deliveries', { channel: hookChannel });
    expect(log.body.deliveries.map((d: any) => d.title)).toContain(
      'Retention removed 1,828 events, 0 cases and 0 audit entries',
    );
  });
});
