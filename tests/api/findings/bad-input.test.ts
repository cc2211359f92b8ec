import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

let t: TestApp;
let lead: ApiClient;
let caseId: string;

beforeAll(async () => {
  t = await startTestApp();
  lead = await t.signInAs('investigator');
  const reply = await lead.post('/investigations', {
    title: 'Quiet case',
    subjectEmployeeId: 'E1004',
    windowStart: '2026-10-01',
    windowEnd: '2026-11-01',
  });
  caseId = reply.body.id;
});
afterAll(async () => {
  await t.close();
});

const path = (rest: string) => `/investigations/${caseId}/${rest}`;

describe('bad input gets a 400 with a sentence', () => {
  it.each([
    ['findings/file-access', { window: 'last week' }],
    ['findings/file-access/sankey', { window: '0d' }],
    ['findings/file-access/files', { window: '9999d' }],
    ['findings/working-hours', { window: '-3d' }],
  ])('a bad window on %s', async (route, query) => {
    const reply = await lead.get(path(route), query);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Bad Request');
    expect(reply.body.message).toMatch(/window/i);
    expect(reply.body.message).toMatch(/\.$/);
  });

  it('an unknown label, with the choices named', async () => {
    const reply = await lead.get(path('findings/file-access/files'), { label: 'Top Secret' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(
      'That label is not a sensitivity label: use "All Files", "Public", "Internal", "Confidential", "Highly Confidential", "Unlabeled".',
    );
  });

  it('accepts All Files and Unlabeled as labels', async () => {
    for (const label of ['All Files', 'Unlabeled', 'confidential']) {
      const reply = await lead.get(path('findings/file-access/files'), { label });
      expect(reply.status, label).toBe(200);
      expect(reply.body.files).toEqual([]);
    }
  });

  it.each([['0'], ['4'], ['two'], ['1.5']])('hops=%s', async (hops) => {
    const reply = await lead.get(path('findings/communications-analysis'), { hops });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/hops/);
  });

  it('a backwards or unreadable date range on app accesses', async () => {
    await t.db
      .updateTable('investigations')
      .set({ analysis_state: 'idle' })
      .where('id', '=', caseId)
      .execute();
    const backwards = await lead.get(path('findings/app-access/accesses'), {
      startDate: '2026-10-20',
      endDate: '2026-10-10',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe(
      'The date range is backwards: endDate must be on or after startDate.',
    );
    const unreadable = await lead.get(path('findings/app-access/accesses'), {
      startDate: 'yesterday',
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.message).toMatch(/is not a date/);
    const cursor = await lead.get(path('findings/app-access/accesses'), { cursor: 'nonsense' });
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toMatch(/cursor/);
  });

  it('unknown query parameters and security hygiene checks', async () => {
    expect((await lead.get(path('findings/devices'), { colour: 'red' })).status).toBe(400);
    const unknown = await lead.get(path('findings/security-hygiene/nope'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/There is no security hygiene check with that id/);
  });

  it('a missing investigationId or fileId gets the brief’s messages', async () => {
    const noCase = await lead.get('/investigations//findings/devices');
    expect(noCase.status).toBe(400);
    expect(noCase.body.message).toBe('investigationId is required');
    const noFile = await lead.get(path('findings/file-access/files/%20/events'));
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('fileId is required');
  });

  it('an invisible or unknown case answers the brief’s 404', async () => {
    const outsider = await t.signInAs('investigator');
    const reply = await outsider.get(path('findings/devices'));
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe(`Investigation report ${caseId} not found`);
    const unknown = await lead.get('/investigations/no-such-case/summary');
    expect(unknown.body.message).toBe('Investigation report with that id not found');
  });

  it('a subject without events gets empty findings, not errors', async () => {
    for (const route of [
      'summary',
      'evidence/anomaly-counts',
      'remediation-suggestions',
      'findings/working-hours',
      'findings/communications-analysis',
      'findings/deletions',
      'events',
    ]) {
      const reply = await lead.get(path(route));
      expect(reply.status, route).toBe(200);
    }
    expect((await lead.get(path('summary'))).body.narrative[0]).toBe(
      'No activity was recorded for the subject in this window.',
    );
  });
});
