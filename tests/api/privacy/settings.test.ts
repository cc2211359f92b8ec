import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  getPrivacySettings,
  savePrivacySettings,
} from '../../../src/server/db/queries/privacy-settings';
import { auditOf, openCase } from '../case-record/case-support';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * The privacy settings (issue 17): pseudonymization is on by default; an admin may switch it
 * off for the installation (audited as its own entry), show or hide department and title, and
 * choose how reveals are granted and for how long. Retention is left as stored.
 */

let t: TestApp;
let admin: ApiClient;
let investigator: ApiClient;
let caseId: string;

const SUBJECT_NAME = 'Priya Raman';

async function subject() {
  const reply = await investigator.get(`/investigations/${caseId}`);
  expect(reply.status).toBe(200);
  return { subject: reply.body.subject, text: JSON.stringify(reply.body) };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  investigator = await t.signInAs('investigator');
  caseId = (await openCase(investigator)).id;
});
afterAll(async () => {
  await t?.close();
});

describe('privacy settings', () => {
  it('tells anyone signed in the status, and only configuration managers the retention', async () => {
    const status = await investigator.get('/privacy/status');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      pseudonymize: true,
      showOrgDetails: true,
      revealApproval: 'privacy_officer',
      revealHours: 24,
    });
    const settings = await investigator.get('/privacy/settings');
    expect(settings.body).toEqual(status.body);
    const full = await admin.get('/privacy/settings');
    expect(full.body).toMatchObject({
      ...status.body,
      retention: { eventsDays: 180, closedCaseDays: 2557, auditDays: 2557 },
    });
    expect((await t.anonymous.get('/privacy/status')).status).toBe(401);
  });

  it('refuses a change from a role that does not configure Vigil, and bad values', async () => {
    const refused = await investigator.put('/privacy/settings', { pseudonymize: false });
    expect(refused.status).toBe(403);
    const hours = await admin.put('/privacy/settings', { revealHours: 0 });
    expect(hours.status).toBe(400);
    expect(hours.body.message).toMatch(/at least 1 hour/);
    const unknown = await admin.put('/privacy/settings', { retention: { eventsDays: 1 } });
    expect(unknown.status).toBe(400);
    expect((await getPrivacySettings(t.db)).pseudonymize).toBe(true);
  });

  it('switches pseudonymization off and on, each switch audited as its own entry', async () => {
    expect((await subject()).text).not.toContain(SUBJECT_NAME);
    const off = await admin.put('/privacy/settings', { pseudonymize: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.pseudonymize).toBe(false);
    expect((await investigator.get('/privacy/status')).body.pseudonymize).toBe(false);

    const open = await subject();
    expect(open.subject).toMatchObject({ fullName: SUBJECT_NAME, identity: 'open' });

    const offEntries = await auditOf(t, 'pseudonymization.off');
    expect(offEntries).toHaveLength(1);
    expect(offEntries[0]!.actor_user_id).toBe(admin.user!.id);
    const updates = await auditOf(t, 'privacy.settings.update');
    expect(updates.at(-1)!.details).toEqual({
      changes: { pseudonymize: { from: true, to: false } },
    });

    // Saving the same value changes nothing and writes nothing.
    await admin.put('/privacy/settings', { pseudonymize: false });
    expect(await auditOf(t, 'privacy.settings.update')).toHaveLength(updates.length);

    const on = await admin.put('/privacy/settings', { pseudonymize: true });
    expect(on.status).toBe(200);
    expect(await auditOf(t, 'pseudonymization.on')).toHaveLength(1);
    const hidden = await subject();
    expect(hidden.subject.identity).toBe('pseudonymized');
    expect(hidden.text).not.toContain(SUBJECT_NAME);
  });

  it('hides department and title when told to, and keeps the stored retention', async () => {
    const stored = await getPrivacySettings(t.db);
    await savePrivacySettings(
      t.db,
      { ...stored, retention: { eventsDays: 90, closedCaseDays: 400, auditDays: 3000 } },
      admin.user!.id,
      Date.now(),
    );
    const reply = await admin.put('/privacy/settings', {
      showOrgDetails: false,
      revealApproval: 'immediate',
      revealHours: 8,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({
      pseudonymize: true,
      showOrgDetails: false,
      revealApproval: 'immediate',
      revealHours: 8,
      retention: { eventsDays: 90, closedCaseDays: 400, auditDays: 3000 },
    });
    const { subject: person } = await subject();
    expect(person.department).toBeNull();
    expect(person.title).toBeNull();
    // Issue 23: what else places the person is hidden with them, and no filter reads it.
    const record = await admin.get('/identity/employees/E1003');
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      department: null,
      title: null,
      managerId: null,
      location: null,
      timezone: null,
      startDate: null,
      resignationDate: null,
      departureDate: null,
    });
    const byDepartment = await admin.get('/identity/employees', { department: 'Engineering' });
    expect(byDepartment.status).toBe(400);
    expect(byDepartment.body.message).toMatch(/Departments are hidden by the privacy settings/);
    const updates = await auditOf(t, 'privacy.settings.update');
    expect(updates.at(-1)!.details!.changes).toEqual({
      showOrgDetails: { from: true, to: false },
      revealApproval: { from: 'privacy_officer', to: 'immediate' },
      revealHours: { from: 24, to: 8 },
    });
    // The reveal hours now set how long a reveal granted at once holds.
    const granted = await investigator.post(`/investigations/${caseId}/reveals`, {
      employeeId: 'E1003',
      purpose: 'Legal asked which employee this case is about.',
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    expect(granted.body.status).toBe('granted');
    expect(granted.body.expiresAt - granted.body.requestedAt).toBe(8 * 3_600_000);
  });
});
