import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runDetectionPass } from '../../../src/server/analysis/alerts/detection-pass';
import { ingest } from '../../../src/server/ingest/pipeline/ingest';
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
import { raiseAlertByIngest, somePerson } from './support/raise-alert';

/*
 * The triggers end to end, each from the change that causes it: an alert rule's optional
 * filters (one detection rule, a policy, a watchlist), an alert's severity rising, an alert
 * assigned to someone (who is told, also by their own choice), a reveal decided (the requester
 * is told by email), and a retention run that removed data.
 */

const SECRET = 'a-webhook-secret-of-32-characters';
let t: TestApp;
let admin: ApiClient;
let web: HttpReceiver;
let smtp: SmtpReceiver;
let mailChannel: string;

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
  mailChannel = (
    await admin.post('/notifications/channels', {
      kind: 'email',
      name: 'Mail',
      settings: {
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        from: 'vigil@example.com',
        to: ['soc@example.com'],
      },
    })
  ).body.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([web?.close(), smtp?.close()]);
});

/** A webhook channel posting to its own path of the receiver. */
async function hook(path: string): Promise<string> {
  const reply = await admin.post('/notifications/channels', {
    kind: 'webhook',
    name: `Hook ${path}`,
    settings: { url: `${web.url}${path}`, secret: SECRET },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

async function rule(trigger: Record<string, unknown>, channelIds: string[]) {
  const reply = await admin.post('/notifications/rules', {
    name: `When ${JSON.stringify(trigger)}`,
    enabled: true,
    trigger,
    channelIds,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.id as string;
}

const at = (path: string) =>
  web.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Record<string, any>);

/** Lets the sender run a few ticks, so that nothing arriving is nothing sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

/**
 * Mails with attachments to a personal mailbox (the personal-email-exfiltration rule, of the
 * departing-data-theft and data-leaks policies, raises a high alert on two in a week, critical
 * for someone departing), then detection.
 */
async function mailToPersonalBox(email: string, count = 2): Promise<void> {
  const batch = await ingest(t.database, {
    source: 'normalized',
    input: {
      records: Array.from({ length: count }, (_, i) => ({
        activity: 'email_send',
        time: Date.now() - (i + 1) * 60_000,
        actorEmail: email,
        sourceEventId: `mail-${randomUUID()}`,
        email: { recipients: ['someone.private@gmail.com'], attachments: 2, subject: 'files' },
        file: { destination: 'personal_email' },
      })),
    },
    via: 'cli',
  });
  expect(batch.status).toBe('succeeded');
  expect((await runDetectionPass(t.database)).failed).toBe(0);
}

async function alertOf(employeeId: string, ruleId: string) {
  return t.db
    .selectFrom('alerts')
    .selectAll()
    .where('employee_id', '=', employeeId)
    .where('rule_id', '=', ruleId)
    .executeTakeFirstOrThrow();
}

describe('an alert rule’s filters', () => {
  it('only this detection rule, only this policy, only people on this watchlist', async () => {
    const watched = await somePerson(t, 0);
    const other = await somePerson(t, 1);
    const list = await admin.post('/watchlists', {
      name: 'Notify test list',
      description: 'People the SOC is told about',
      employeeIds: [watched.id],
    });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    await rule({ kind: 'alert', minSeverity: 'low', rule: 'personal-email-exfiltration' }, [
      await hook('/only-rule'),
    ]);
    await rule({ kind: 'alert', minSeverity: 'low', policy: 'departing-data-theft' }, [
      await hook('/only-policy'),
    ]);
    await rule({ kind: 'alert', minSeverity: 'low', watchlist: list.body.id }, [
      await hook('/only-watchlist'),
    ]);
    await rule({ kind: 'alert', minSeverity: 'critical' }, [await hook('/only-critical')]);

    // Cleared event logs, by someone on no list: a security policy's rule, high.
    await raiseAlertByIngest(t, other.email);
    // The same, by the watched person.
    await raiseAlertByIngest(t, watched.email);
    await eventually(() => at('/only-watchlist').length >= 1, 10_000, 'the watchlist rule');
    await settle();
    expect(at('/only-rule')).toEqual([]);
    expect(at('/only-policy')).toEqual([]);
    expect(at('/only-critical')).toEqual([]);
    expect(at('/only-watchlist').map((b) => b.alert.rule)).toEqual(['event-log-cleared']);
    const pseudonym = t.app.pseudonyms.of(watched.id).name;
    expect(at('/only-watchlist')[0]!.alert.person).toEqual({ pseudonym });

    // Mail to a personal box by the other person: that rule, in that policy; not on the list.
    await mailToPersonalBox(other.email);
    await eventually(
      () => at('/only-rule').length >= 1 && at('/only-policy').length >= 1,
      10_000,
      'the rule and policy filters',
    );
    await settle();
    expect(at('/only-rule').map((b) => b.alert.rule)).toEqual(['personal-email-exfiltration']);
    expect(at('/only-policy').map((b) => b.alert.rule)).toEqual(['personal-email-exfiltration']);
    expect(at('/only-watchlist')).toHaveLength(1);
    expect(at('/only-critical')).toEqual([]);
  });

  it('refuses a filter naming no rule, policy or watchlist, without echoing it', async () => {
    const channel = await hook('/unused');
    for (const filter of [
      { rule: 'no-such-rule' },
      { policy: 'no-such-policy' },
      { watchlist: 'no-such-list' },
    ]) {
      const reply = await admin.post('/notifications/rules', {
        name: 'Nowhere',
        enabled: true,
        trigger: { kind: 'alert', minSeverity: 'high', ...filter },
        channelIds: [channel],
      });
      expect(reply.status, JSON.stringify(filter)).toBe(400);
      expect(reply.body.issues).toEqual([
        expect.objectContaining({ field: `trigger.${Object.keys(filter)[0]}` }),
      ]);
      expect(JSON.stringify(reply.body)).not.toContain('no-such');
    }
  });
});

describe('an alert’s severity rising', () => {
  it('is told once, with the severity it reached and the one before', async () => {
    const channel = await hook('/rising');
    await rule({ kind: 'severity_rising', minSeverity: 'critical' }, [channel]);
    const person = await somePerson(t, 2);
    await mailToPersonalBox(person.email);
    const alert = await alertOf(person.id, 'personal-email-exfiltration');
    expect(alert.severity).toBe('high');
    // The person resigns: on the departing watchlist, the rule raises them to critical.
    await t.db
      .updateTable('employees')
      .set({ resignation_date: new Date().toISOString().slice(0, 10) })
      .where('id', '=', person.id)
      .execute();
    await mailToPersonalBox(person.email, 1);
    expect((await alertOf(person.id, 'personal-email-exfiltration')).severity).toBe('critical');
    await eventually(() => at('/rising').length >= 1, 10_000, 'the rise');
    await settle();
    expect(at('/rising')).toEqual([
      expect.objectContaining({
        type: 'alert.severity_raised',
        previousSeverity: 'high',
        alert: expect.objectContaining({
          id: alert.id,
          severity: 'critical',
          person: { pseudonym: t.app.pseudonyms.of(person.id).name },
        }),
      }),
    ]);
    // Nothing more when it does not rise again.
    await mailToPersonalBox(person.email, 1);
    await settle();
    expect(at('/rising')).toHaveLength(1);
  });
});

describe('an alert assigned to someone', () => {
  it('tells the assignee (by their own choice, by email) and the rule’s channels; never for assigning oneself', async () => {
    const channel = await hook('/assigned');
    await rule({ kind: 'case_assigned' }, [channel]);
    const assignee = await t.signInAs('investigator');
    expect(
      (await assignee.put('/me/notifications', { assignedToMe: true, myRevealDecided: false }))
        .status,
    ).toBe(200);
    const person = await somePerson(t, 3);
    await raiseAlertByIngest(t, person.email);
    const alert = await alertOf(person.id, 'event-log-cleared');
    const before = smtp.messages.length;
    const assigned = await admin.patch(`/alerts/${alert.id}`, {
      assigneeId: assignee.user!.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await eventually(
      () => at('/assigned').length >= 1 && smtp.messages.length > before,
      10_000,
      'the assignment',
    );
    expect(at('/assigned')[0]).toMatchObject({
      type: 'alert.assigned',
      alert: {
        id: alert.id,
        rule: 'event-log-cleared',
        person: { pseudonym: t.app.pseudonyms.of(person.id).name },
        url: `https://vigil.example/app/alerts/${alert.id}`,
      },
    });
    const mail = smtp.messages.slice(before);
    expect(mail.map((m) => m.to)).toEqual([[assignee.user!.email]]);
    expect(mail[0]!.raw).toContain('An alert was assigned');
    expect(mail[0]!.raw).not.toContain(person.full_name);
    expect(mail[0]!.raw).not.toContain(person.email);

    // The same assignee again, or someone assigning themselves: nobody is told.
    await admin.patch(`/alerts/${alert.id}`, { assigneeId: assignee.user!.id });
    const other = await somePerson(t, 4);
    await raiseAlertByIngest(t, other.email);
    const second = await alertOf(other.id, 'event-log-cleared');
    expect(
      (await admin.put('/me/notifications', { assignedToMe: true, myRevealDecided: false })).status,
    ).toBe(200);
    const bulk = await admin.post('/alerts/bulk', {
      ids: [second.id],
      action: 'assign',
      assigneeId: admin.user!.id,
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    await settle();
    expect(at('/assigned')).toHaveLength(1);
    expect(smtp.messages).toHaveLength(before + 1);
  });
});

describe('a reveal decided', () => {
  it('an email channel writes to the requester alone; their own choice alone also mails them', async () => {
    const decisions = await rule({ kind: 'reveal_decided' }, [mailChannel]);
    const officer = await t.signInAs('privacy_officer');
    const analyst = await t.signInAs('analyst');
    const person = await somePerson(t, 5);
    const opened = await analyst.post('/investigations', {
      title: 'Reveal case',
      subjectEmployeeId: person.id,
    });
    const asked = await analyst.post(`/investigations/${opened.body.id}/reveals`, {
      employeeId: person.id,
      purpose: 'Interview with HR',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const before = smtp.messages.length;
    const denied = await officer.post(`/reveals/${asked.body.id}/deny`, {
      reason: 'Not needed yet',
    });
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    await eventually(() => smtp.messages.length > before, 10_000, 'the decision by email');
    await settle();
    const mail = smtp.messages.slice(before);
    expect(mail.map((m) => m.to)).toEqual([[analyst.user!.email]]);
    expect(mail[0]!.raw).toContain('Your reveal request was denied');

    // The rule switched off, the analyst's own choice alone: mailed once, through the first
    // email channel; both on: still once.
    const off = await admin.patch(`/notifications/rules/${decisions}`, { enabled: false });
    expect(off.body).toMatchObject({ id: decisions, enabled: false });
    expect(
      (await analyst.put('/me/notifications', { assignedToMe: false, myRevealDecided: true }))
        .status,
    ).toBe(200);
    for (const round of ['own choice', 'both']) {
      if (round === 'both')
        await admin.patch(`/notifications/rules/${decisions}`, { enabled: true });
      const another = await analyst.post('/investigations', {
        title: `Reveal case (${round})`,
        subjectEmployeeId: person.id,
      });
      const again = await analyst.post(`/investigations/${another.body.id}/reveals`, {
        employeeId: person.id,
        purpose: `Interview with HR (${round})`,
      });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      const sent = smtp.messages.length;
      await officer.post(`/reveals/${again.body.id}/approve`, {});
      await eventually(() => smtp.messages.length > sent, 10_000, `the decision (${round})`);
      await settle();
      expect(smtp.messages.slice(sent).map((m) => m.to)).toEqual([[analyst.user!.email]]);
      expect(smtp.messages.at(-1)!.raw).toContain('Your reveal request was granted');
    }
  });
});

describe('a retention run that removed data', () => {
  it('tells the rule’s channels what went, from the run itself', async () => {
    const channel = await hook('/retention');
    await rule({ kind: 'retention_removed' }, [channel]);
    const longAgo = Date.now() - 400 * 86_400_000;
    await t.db
      .insertInto('events')
      .values(
        Array.from({ length: 3 }, (_, i) => ({
          source: 'normalized',
          source_event_id: `old-${randomUUID()}-${i}`,
          integration_id: null,
          time: longAgo,
          employee_id: null,
          class_uid: 0,
          activity_id: 0,
          category: 'file',
          activity: 'file_view',
          action: 'file_view',
          outcome: 'success',
          attributes: '{}',
          ingested_at: longAgo,
        })),
      )
      .execute();
    const run = await admin.post('/privacy/retention/run', {});
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.removed.events).toBe(3);
    await eventually(() => at('/retention').length >= 1, 10_000, 'the retention notice');
    expect(at('/retention')[0]).toMatchObject({
      type: 'retention.removed',
      retention: { events: 3, cases: 0, auditEntries: 0 },
    });
    // A run that removes nothing says nothing.
    await admin.post('/privacy/retention/run', {});
    await settle();
    expect(at('/retention')).toHaveLength(1);
  });
});
