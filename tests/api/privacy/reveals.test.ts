import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDemoPrivacyOfficer } from '../../../src/server/demo/demo-privacy-officer';
import { auditExpiredReveals } from '../../../src/server/privacy/reveals/expire-reveals';
import { auditOf, closeCase, openCase } from '../case-record/case-support';
import { insertEvents } from '../findings/support/insert-events';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * Reveals (issue 17): a person shows as their pseudonym until a reveal with a purpose is
 * granted for one case; it holds in that case only, ends at its expiry, and every step is
 * audited on the case without the person's name.
 */

let t: TestApp;
let investigator: ApiClient;
let colleague: ApiClient;
let officer: ApiClient;
let admin: ApiClient;
let caseA: string;
let caseB: string;

const SUBJECT = 'E1003';
const SUBJECT_NAME = 'Priya Raman';
const PURPOSE = 'HR asked us to confirm who copied the pricing files before the interview.';
const HOUR = 3_600_000;

async function setApproval(revealApproval: 'immediate' | 'privacy_officer') {
  const reply = await admin.put('/privacy/settings', { revealApproval });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

async function subjectOf(client: ApiClient, caseId: string) {
  const reply = await client.get(`/investigations/${caseId}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { subject: reply.body.subject, text: JSON.stringify(reply.body) };
}

async function request(client: ApiClient, caseId: string, employeeId: string, purpose = PURPOSE) {
  return client.post(`/investigations/${caseId}/reveals`, { employeeId, purpose });
}

beforeAll(async () => {
  t = await startTestApp();
  investigator = await t.signInAs('investigator');
  colleague = await t.signInAs('investigator');
  officer = await t.signInAs('privacy_officer');
  admin = await t.signInAs('admin');
  const now = Date.now();
  // The subject wrote to Daniel Reyes and shared a file with Hannah Becker: both counterparts.
  await insertEvents(t, [
    {
      time: now - 2 * 86_400_000,
      employee_id: SUBJECT,
      category: 'email',
      activity: 'email_send',
      email_recipients: JSON.stringify(['Daniel.Reyes@northwind.example']),
    },
    {
      time: now - 86_400_000,
      employee_id: SUBJECT,
      category: 'file',
      activity: 'file_share',
      target: 'hannah.becker@northwind.example',
    },
  ]);
  caseA = (await openCase(investigator, 'Pricing files before departure')).id;
  caseB = (await openCase(investigator, 'Second case about the same person')).id;
  await investigator.patch(`/investigations/${caseA}`, { memberUserIds: [colleague.user!.id] });
});
afterAll(async () => {
  await t?.close();
});

describe('asking to reveal', () => {
  it('refuses a request without a purpose with a sentence, and audits the refusal', async () => {
    const none = await investigator.post(`/investigations/${caseA}/reveals`, {
      employeeId: SUBJECT,
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/Say why you need to see who this is/);
    const short = await request(investigator, caseA, SUBJECT, 'because');
    expect(short.status).toBe(400);
    const refused = await auditOf(t, 'identity.reveal.refused', caseA);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.actor_user_id).toBe(investigator.user!.id);
    expect(refused[0]!.target_type).toBe('investigation');
    expect(refused[0]!.details).toMatchObject({ employeeId: SUBJECT, step: 'request' });
    expect(refused[0]!.details!.pseudonym).toMatch(/^Person [0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(JSON.stringify(refused)).not.toContain(SUBJECT_NAME);
    const stored = await t.db.selectFrom('identity_reveals').selectAll().execute();
    expect(stored).toHaveLength(0);
  });

  it('refuses someone who is neither the subject nor in the case events', async () => {
    const reply = await request(investigator, caseA, 'E1015');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/neither the subject of this investigation/);
    expect(reply.body.message).not.toContain('Grace Kim');
  });

  it('lists the subject and the counterparts of its events, by pseudonym', async () => {
    const reply = await investigator.get(`/investigations/${caseA}/reveals/people`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const people = reply.body.people as Array<{ employee: any; role: string; contacts: number }>;
    expect(people.map((p) => [p.employee.id, p.role])).toEqual([
      [SUBJECT, 'subject'],
      ['E1002', 'counterpart'],
      ['E1005', 'counterpart'],
    ]);
    for (const person of people) {
      expect(person.employee.identity).toBe('pseudonymized');
      expect(person.employee.fullName).toBe(person.employee.pseudonym);
    }
    const text = JSON.stringify(reply.body);
    for (const name of [SUBJECT_NAME, 'Daniel Reyes', 'daniel.reyes', 'Hannah Becker'])
      expect(text).not.toContain(name);
  });

  it('answers 404 for a case the caller cannot see, and 403 without the reveal permission', async () => {
    const outsider = await t.signInAs('investigator');
    expect((await request(outsider, caseA, SUBJECT)).status).toBe(404);
    const auditor = await t.signInAs('auditor');
    expect((await request(auditor, caseA, SUBJECT)).status).toBe(403);
  });
});

describe('a reveal approved by a privacy officer', () => {
  let revealId: string;

  it('stays pending, showing the pseudonym, until a privacy officer approves it', async () => {
    const reply = await request(investigator, caseA, SUBJECT);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      status: 'pending',
      employeeId: SUBJECT,
      investigationId: caseA,
      expiresAt: null,
      purpose: PURPOSE,
    });
    expect(reply.body.employee.identity).toBe('pseudonymized');
    revealId = reply.body.id;

    const { subject, text } = await subjectOf(investigator, caseA);
    expect(subject.identity).toBe('pseudonymized');
    expect(subject.fullName).toBe(subject.pseudonym);
    expect(text).not.toContain(SUBJECT_NAME);

    const again = await request(investigator, caseA, SUBJECT);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already waiting for a privacy officer/);

    const audited = await auditOf(t, 'identity.reveal.request', caseA);
    expect(audited).toHaveLength(1);
    expect(audited[0]!.details).toMatchObject({
      revealId,
      employeeId: SUBJECT,
      pseudonym: subject.pseudonym,
      status: 'pending',
      role: 'subject',
    });
  });

  it('lists requests for the privacy officer by case title and pseudonym, never the name', async () => {
    const reply = await officer.get('/reveals', { status: 'pending' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.reveals.map((r: any) => r.id)).toEqual([revealId]);
    expect(reply.body.reveals[0]).toMatchObject({
      investigationTitle: 'Pricing files before departure',
      status: 'pending',
      requestedBy: { id: investigator.user!.id },
    });
    expect(reply.body.reveals[0].pseudonym).toMatch(/^Person /);
    expect(JSON.stringify(reply.body)).not.toMatch(/Priya|Raman/i);
    expect((await investigator.get('/reveals')).status).toBe(403);
  });

  it('refuses, with a sentence and an audit entry, a decision on one’s own request', async () => {
    const own = await request(admin, caseA, 'E1002');
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    for (const decision of ['approve', 'deny']) {
      const reply = await admin.post(`/reveals/${own.body.id}/${decision}`, { reason: 'mine' });
      expect(reply.status).toBe(403);
      expect(reply.body.message).toMatch(new RegExp(`cannot ${decision} your own request`));
    }
    const denied = (await auditOf(t, 'access.denied', caseA)).filter(
      (e) => e.actor_user_id === admin.user!.id,
    );
    expect(denied).toHaveLength(2);
    expect(denied[0]!.target_type).toBe('investigation');
    const still = await officer.get('/reveals', { status: 'pending' });
    expect(still.body.reveals.map((r: any) => r.id)).toContain(own.body.id);
    // Another officer may deny it, with a reason.
    const noReason = await officer.post(`/reveals/${own.body.id}/deny`, {});
    expect(noReason.status).toBe(400);
    const deny = await officer.post(`/reveals/${own.body.id}/deny`, {
      reason: 'Not needed for this case.',
    });
    expect(deny.status, JSON.stringify(deny.body)).toBe(200);
    expect(deny.body).toMatchObject({
      status: 'denied',
      decisionReason: 'Not needed for this case.',
    });
    expect(await auditOf(t, 'identity.reveal.deny', caseA)).toHaveLength(1);
    expect((await officer.post(`/reveals/${own.body.id}/approve`, {})).status).toBe(409);
  });

  it('once approved, shows the name in that case only', async () => {
    expect((await investigator.post(`/reveals/${revealId}/approve`, {})).status).toBe(403);
    const before = Date.now();
    const reply = await officer.post(`/reveals/${revealId}/approve`, {});
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.status).toBe('granted');
    expect(reply.body.decidedBy.id).toBe(officer.user!.id);
    expect(reply.body.expiresAt).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect(reply.body.expiresAt).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect((await officer.post(`/reveals/${revealId}/approve`, {})).status).toBe(409);

    const a = await subjectOf(colleague, caseA);
    expect(a.subject).toMatchObject({ fullName: SUBJECT_NAME, identity: 'revealed' });
    const b = await subjectOf(investigator, caseB);
    expect(b.subject.identity).toBe('pseudonymized');
    expect(b.subject.fullName).toBe(a.subject.pseudonym);
    expect(b.text).not.toContain(SUBJECT_NAME);

    const identity = await investigator.get(
      `/investigations/${caseA}/reveals/${revealId}/identity`,
    );
    expect(identity.status, JSON.stringify(identity.body)).toBe(200);
    expect(identity.body.employee).toMatchObject({ fullName: SUBJECT_NAME, identity: 'revealed' });
    const used = await auditOf(t, 'identity.reveal.use', caseA);
    expect(used).toHaveLength(1);
    expect(JSON.stringify(used)).not.toContain(SUBJECT_NAME);
    const approved = await auditOf(t, 'identity.reveal.approve', caseA);
    expect(approved[0]!.details).toMatchObject({ revealId, employeeId: SUBJECT });

    const history = await investigator.get(`/investigations/${caseA}/activity`);
    const lines = history.body.entries.map((e: any) => [e.action, e.summary]);
    expect(lines).toContainEqual([
      'identity.reveal.use',
      `Looked up who ${a.subject.pseudonym} is`,
    ]);
    expect(lines.map((l: string[]) => l[0])).toEqual(
      expect.arrayContaining(['identity.reveal.request', 'identity.reveal.approve']),
    );
  });

  it('hides the name again after the expiry, answers 410 and records the expiry once', async () => {
    await t.db
      .updateTable('identity_reveals')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', revealId)
      .execute();
    const a = await subjectOf(investigator, caseA);
    expect(a.subject.identity).toBe('pseudonymized');
    expect(a.text).not.toContain(SUBJECT_NAME);

    const identity = await investigator.get(
      `/investigations/${caseA}/reveals/${revealId}/identity`,
    );
    expect(identity.status).toBe(410);
    expect(identity.body.message).toMatch(/expired at .*ask again, with a purpose/);
    const refused = (await auditOf(t, 'identity.reveal.refused', caseA)).filter(
      (e) => e.details!.step === 'use',
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]!.details).toMatchObject({ revealId, status: 'expired' });

    expect(await auditExpiredReveals(t.db, t.app.pseudonyms)).toBe(1);
    expect(await auditExpiredReveals(t.db, t.app.pseudonyms)).toBe(0);
    const expired = await auditOf(t, 'identity.reveal.expire', caseA);
    expect(expired).toHaveLength(1);
    expect(expired[0]!.actor_user_id).toBeNull();
    expect(expired[0]!.details).toMatchObject({ revealId, employeeId: SUBJECT });

    const listed = await officer.get('/reveals', { status: 'expired' });
    expect(listed.body.reveals.map((r: any) => r.id)).toEqual([revealId]);
    const history = await investigator.get(`/investigations/${caseA}/activity`);
    expect(history.body.entries.slice(0, 2).map((e: any) => [e.action, e.summary])).toEqual([
      ['identity.reveal.expire', `The reveal of ${a.subject.pseudonym} expired`],
      ['identity.reveal.refused', expect.stringMatching(/^Refused to reveal .*expired at/)],
    ]);
  });
});

describe('a reveal granted at once', () => {
  it('holds immediately when configured, and its requester can withdraw it', async () => {
    await setApproval('immediate');
    try {
      const reply = await request(investigator, caseB, 'E1005');
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body.status).toBe('granted');
      expect(reply.body.expiresAt).toBeGreaterThan(Date.now() + 23 * HOUR);
      const identity = await investigator.get(
        `/investigations/${caseB}/reveals/${reply.body.id}/identity`,
      );
      expect(identity.status).toBe(200);
      expect(identity.body.employee.fullName).toBe('Hannah Becker');
      // Case A's reply still hides her.
      const people = await investigator.get(`/investigations/${caseA}/reveals/people`);
      expect(JSON.stringify(people.body)).not.toContain('Hannah Becker');

      const list = await investigator.get(`/investigations/${caseB}/reveals`);
      expect(list.body.reveals.map((r: any) => [r.id, r.status])).toEqual([
        [reply.body.id, 'granted'],
      ]);

      const other = await admin.post(
        `/investigations/${caseB}/reveals/${reply.body.id}/withdraw`,
        {},
      );
      expect(other.status).toBe(403);
      const withdraw = await investigator.post(
        `/investigations/${caseB}/reveals/${reply.body.id}/withdraw`,
        {},
      );
      expect(withdraw.status, JSON.stringify(withdraw.body)).toBe(200);
      expect(withdraw.body.status).toBe('withdrawn');
      const after = await investigator.get(
        `/investigations/${caseB}/reveals/${reply.body.id}/identity`,
      );
      expect(after.status).toBe(409);
      expect(JSON.stringify(after.body)).not.toContain('Hannah Becker');
      expect(await auditOf(t, 'identity.reveal.withdraw', caseB)).toHaveLength(1);
    } finally {
      await setApproval('privacy_officer');
    }
  });
});

describe('the privacy officer', () => {
  it('reads no findings: the refusal is a 403 with a sentence, audited', async () => {
    const reply = await officer.get(`/investigations/${caseA}/findings/devices`);
    expect(reply.status).toBe(403);
    expect(reply.body.message).toMatch(/Your role does not allow you to/);
    const denied = (await auditOf(t, 'access.denied')).filter(
      (e) => e.actor_user_id === officer.user!.id,
    );
    expect(denied.length).toBeGreaterThanOrEqual(1);
    expect(denied.at(-1)!.details).toMatchObject({ status: 403 });
  });
});

describe('the demo organization', () => {
  it('has a privacy officer who can sign in, list reveals and read no case', async () => {
    const created = await createDemoPrivacyOfficer(t.db, 'admin@demo.example');
    expect(created?.email).toBe('privacy-officer@demo.example');
    expect(await createDemoPrivacyOfficer(t.db, 'admin@demo.example')).toBeNull();
    const { client, reply } = await t.signIn(created!.email, created!.password);
    expect(reply.status).toBe(200);
    expect(reply.body.roles.map((r: any) => r.id)).toEqual(['privacy_officer']);
    expect((await client.get('/reveals')).status).toBe(200);
    expect((await client.get(`/investigations/${caseA}`)).status).toBe(403);
  });
});

describe('a closed case', () => {
  it('refuses a reveal request with a 409 and a sentence, storing nothing', async () => {
    const closed = (await openCase(investigator, 'Closed before anyone asked')).id;
    await closeCase(investigator, closed);
    const before = await t.db.selectFrom('identity_reveals').select('id').execute();
    const reply = await request(investigator, closed, SUBJECT);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(
      'This investigation is closed: reopen it before asking to see who anyone in it is.',
    );
    const after = await t.db.selectFrom('identity_reveals').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});
