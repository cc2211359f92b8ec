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
  caseId = (
    await lead.post('/investigations', { title: 'Configuration', subjectEmployeeId: 'E1005' })
  ).body.id;
});
afterAll(async () => {
  await t.close();
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
      'The default time zone is not an IANA time zone name such as Europe/London.',
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
