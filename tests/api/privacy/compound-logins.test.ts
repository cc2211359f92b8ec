import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readZip } from '../case-record/zip-reader';
import { insertEvents } from '../findings/support/insert-events';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * Logins inside longer words are redacted (issue 23, item 5): the account names identity
 * resolution maps, as each source writes them into longer words, in event replies, findings
 * and every file of the ZIP.
 */

const DAY = 86_400_000;
const SUBJECT = 'E1002';

let t: TestApp;
let analyst: ApiClient;
let caseId: string;
let login: string;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  const row = await t.db
    .selectFrom('employees')
    .select('email')
    .where('id', '=', SUBJECT)
    .executeTakeFirstOrThrow();
  login = row.email.slice(0, row.email.indexOf('@'));
  const end = Math.floor(Date.now() / DAY) * DAY;
  const start = end - 5 * DAY;
  const at = (i: number) => start + i * 3_600_000;
  const base = { employee_id: SUBJECT, actor_email: row.email };
  await insertEvents(t, [
    {
      ...base,
      time: at(1),
      source: 'github',
      category: 'code',
      activity: 'git_clone',
      actor_id: `${login}_northwind`,
      repository: 'northwind/payments',
      raw: JSON.stringify({ actor: `${login}_northwind`, action: 'git.clone' }),
    },
    {
      ...base,
      time: at(2),
      source: 'device_inventory',
      category: 'device',
      activity: 'device_seen',
      device_name: `${login}_Windows_2026/07/13`,
      raw: JSON.stringify({ deviceName: `${login}_Windows_2026/07/13` }),
    },
    {
      ...base,
      time: at(3),
      source: 'm365',
      category: 'file',
      activity: 'file_download',
      file_id: 'f-onedrive',
      file_name: 'plan.docx',
      file_path: `https://northwind-my.sharepoint.com/personal/${login}_northwind_example/Documents/plan.docx`,
      raw: JSON.stringify({
        SiteUrl: `https://northwind-my.sharepoint.com/personal/${login}_northwind_example/`,
      }),
    },
    {
      ...base,
      time: at(4),
      source: 'slack',
      category: 'chat',
      activity: 'chat_message',
      chat_channel: `ext-fabrikam-${login}`,
      chat_external: 1,
      raw: JSON.stringify({ channel: { name: `ext-fabrikam-${login}` } }),
    },
    {
      ...base,
      time: at(5),
      source: 'okta',
      category: 'auth',
      activity: 'sign_in',
      raw: JSON.stringify({ target: [{ alternateId: `${login}.admin`, type: 'AppUser' }] }),
    },
    {
      ...base,
      time: at(6),
      source: 'google_workspace',
      category: 'file',
      activity: 'file_share',
      file_id: 'f-drive',
      file_name: `${login}-handover.xlsx`,
      raw: JSON.stringify({ doc_title: `${login}-handover.xlsx` }),
    },
  ]);
  const opened = await analyst.post('/investigations', {
    title: 'Handover',
    subjectEmployeeId: SUBJECT,
    windowStart: start - DAY,
    windowEnd: end + DAY,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  caseId = opened.body.id as string;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Whether the subject's login is left anywhere in a text (any case). */
function keepsLogin(text: string): boolean {
  return text.toLowerCase().includes(login.toLowerCase());
}

describe('compound logins from each source', () => {
  it('are redacted in the event replies, raw records included', async () => {
    const reply = await analyst.get(`/investigations/${caseId}/events?limit=100`);
    expect(reply.status).toBe(200);
    const text = JSON.stringify(reply.body);
    expect(text).toContain(t.app.pseudonyms.of(SUBJECT).handle);
    expect(text).toContain('_Windows_2026/07/13');
    expect(text).toContain('ext-fabrikam-person-');
    expect(keepsLogin(text)).toBe(false);
  });

  it('are redacted in the file-access findings', async () => {
    for (const path of ['findings/file-access', 'findings/file-access/files']) {
      const reply = await analyst.get(`/investigations/${caseId}/${path}`);
      expect(reply.status, path).toBe(200);
      expect(keepsLogin(JSON.stringify(reply.body)), path).toBe(false);
    }
  });

  it('are redacted in every file of the ZIP, files.csv included', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/app/investigations/${caseId}/export.zip`,
      headers: { host: 'vigil.test', cookie: analyst.cookie ?? '' },
    });
    expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
    const files = readZip(reply.rawPayload).filter((e) => !e.name.endsWith('.pdf'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) expect(keepsLogin(file.data.toString('utf8')), file.name).toBe(false);
  });
});
