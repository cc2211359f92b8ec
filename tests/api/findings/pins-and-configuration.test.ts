import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { defaultConfiguration } from '../../../src/shared/schemas/configuration';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

let t: TestApp;
let lead: ApiClient;
let caseId: string;

beforeAll(async () => {
  t = await startTestApp();
  lead = await t.signInAs('investigator');
  caseId = (await lead.post('/investigations', { title: 'Pins', subjectEmployeeId: 'E1005' })).body
    .id;
});
afterAll(async () => {
  await t.close();
});

describe('pinning evidence', () => {
  const pin = {
    kind: 'finding',
    ref: 'file-access/files:abc',
    label: 'Q3 plan.xlsx → USB',
    page: 'file-access',
    snapshot: { events: 4 },
    note: 'Copied the night before leaving.',
  };

  it('pins a row with a note; the locker lists it with who and when; pinning it twice is a conflict', async () => {
    const created = await lead.post(`/investigations/${caseId}/evidence/pins`, pin);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ ...pin, createdBy: { id: lead.user!.id } });
    const again = await lead.post(`/investigations/${caseId}/evidence/pins`, pin);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      '“Q3 plan.xlsx → USB” is already pinned to this investigation.',
    );
    const list = await lead.get(`/investigations/${caseId}/evidence/pins`);
    expect(list.body.pins).toHaveLength(1);
    expect(list.body.pins[0].createdAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses bad pins, writers without evidence.write and outsiders', async () => {
    const bad = await lead.post(`/investigations/${caseId}/evidence/pins`, {
      ...pin,
      kind: 'photo',
    });
    expect(bad.status).toBe(400);
    const auditor = await t.signInAs('auditor');
    expect(
      (await auditor.post(`/investigations/${caseId}/evidence/pins`, { ...pin, ref: 'x' })).status,
    ).toBe(403);
    const outsider = await t.signInAs('investigator');
    expect(
      (await outsider.post(`/investigations/${caseId}/evidence/pins`, { ...pin, ref: 'y' })).status,
    ).toBe(404);
  });

  it('unpins, and audits pin and unpin', async () => {
    const { pins } = (await lead.get(`/investigations/${caseId}/evidence/pins`)).body;
    const removed = await lead.delete(`/investigations/${caseId}/evidence/pins/${pins[0].id}`);
    expect(removed.status).toBe(204);
    expect(
      (await lead.delete(`/investigations/${caseId}/evidence/pins/${pins[0].id}`)).status,
    ).toBe(404);
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', caseId)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['evidence.pin', 'evidence.unpin']),
    );
  });
});

describe('configuration', () => {
  it('anyone reading evidence sees it; only configuration.manage changes it (403 otherwise)', async () => {
    const read = await lead.get('/configuration');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(defaultConfiguration);
    const refused = await lead.send('PUT', '/configuration', defaultConfiguration);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role does not allow you to change the configuration.');
  });

  it('saves a change, audits before and after, and detectors use it', async () => {
    const admin = await t.signInAs('admin');
    const next = {
      ...defaultConfiguration,
      competitors: [
        ...defaultConfiguration.competitors,
        { name: 'Initech', domains: ['initech.example'] },
      ],
    };
    const saved = await admin.send('PUT', '/configuration', next);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await lead.get('/configuration')).body.competitors).toHaveLength(4);
    const entry = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'configuration.update')
      .executeTakeFirstOrThrow();
    const details = typeof entry.details === 'string' ? JSON.parse(entry.details) : entry.details;
    expect(details.before.competitors).toHaveLength(3);
    expect(details.after.competitors).toHaveLength(4);
    const mentions = await lead.get(`/investigations/${caseId}/findings/competitor-mentions`);
    expect(mentions.body.competitors.map((c: { name: string }) => c.name)).toContain('Initech');
  });

  it('refuses a bad configuration with a sentence', async () => {
    const admin = await t.signInAs('admin');
    const zone = await admin.send('PUT', '/configuration', {
      ...defaultConfiguration,
      defaultTimezone: 'Mars/Base',
    });
    expect(zone.body.message).toBe(
      '"Mars/Base" is not a time zone: use an IANA name such as Europe/London.',
    );
    const labels = await admin.send('PUT', '/configuration', {
      ...defaultConfiguration,
      sensitiveLabels: ['Secret'],
    });
    expect(labels.status).toBe(400);
    expect(labels.body.message).toBe(
      'Sensitive labels must come from the sensitivity labels; unknown: Secret.',
    );
    const domains = await admin.send('PUT', '/configuration', {
      ...defaultConfiguration,
      companyDomains: [],
    });
    expect(domains.status).toBe(400);
  });
});
