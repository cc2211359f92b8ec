import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { upload } from './ingest/support/ingest-helpers';
import { startTestApp } from './support/test-app';
import type { ApiClient, Reply, TestApp } from './support/test-app';

let t: TestApp;
let admin: ApiClient;
let caseId: string;
let integrationId: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  caseId = (await admin.post('/investigations', { title: 'Kept', subjectEmployeeId: 'E1004' })).body
    .id;
  integrationId = (await admin.post('/integrations', { name: 'Okta', kind: 'okta' })).body
    .integration.id;
});
afterAll(async () => {
  await t.close();
});

async function auditCount(): Promise<number> {
  const row = await t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const NUL = 'x\u0000y';
const LONE_SURROGATE = 'x\ud800';

function expectRefused(reply: Reply, field: string) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(400);
  expect(reply.body.error).toBe('Bad Request');
  expect(reply.body.message).toMatch(new RegExp(`^The \\w+( \\w+)? is invalid: ${field} contains`));
  expect(reply.body.message).toMatch(/cannot be stored\.$/);
}

describe.each([
  ['a NUL character', NUL, /NUL character/],
  ['a lone surrogate', LONE_SURROGATE, /unpaired UTF-16 surrogate/],
])('text with %s is refused with a 400 and changes nothing', (_name, text, what) => {
  it('in an investigation title', async () => {
    const before = await auditCount();
    const patched = await admin.patch(`/investigations/${caseId}`, { title: text });
    expectRefused(patched, 'title');
    expect(patched.body.message).toMatch(what);
    expectRefused(
      await admin.post('/investigations', { title: text, subjectEmployeeId: 'E1004' }),
      'title',
    );
    expect((await admin.get(`/investigations/${caseId}`)).body.title).toBe('Kept');
    // The read just above is the only new entry.
    expect(await auditCount()).toBe(before + 1);
  });

  it('in a role name', async () => {
    expectRefused(await admin.post('/admin/roles', { name: text, permissions: [] }), 'name');
    const roles = await admin.get('/admin/roles');
    expect(roles.body.roles.map((r: { name: string }) => r.name)).not.toContain(text);
  });

  it('in an integration name', async () => {
    expectRefused(await admin.patch(`/integrations/${integrationId}`, { name: text }), 'name');
    expectRefused(await admin.post('/integrations', { name: text, kind: 'okta' }), 'name');
    expect((await admin.get(`/integrations/${integrationId}`)).body.name).toBe('Okta');
  });

  it('in the sign-in email, before any session exists', async () => {
    const before = await auditCount();
    const reply = await t.anonymous.post('/auth/login', { email: text, password: 'whatever' });
    expectRefused(reply, 'email');
    expect(await auditCount()).toBe(before);
  });

  it('in a pin note, or an event id', async () => {
    const pins = `/investigations/${caseId}/pins`;
    expectRefused(await admin.post(pins, { eventIds: ['1'], note: text }), 'note');
    expectRefused(await admin.post(pins, { eventIds: [text] }), 'eventIds.0');
    expect((await admin.get(pins)).body.pins).toEqual([]);
  });
});

describe('the path and the query string', () => {
  it('refuse a NUL character', async () => {
    const query = await admin.send('GET', '/investigations?q=a%00b');
    expect(query.status).toBe(400);
    expect(query.body.message).toMatch(/^The query string is invalid: q contains a NUL character/);
    const path = await admin.send('GET', '/investigations/a%00b');
    expect(path.status).toBe(400);
    expect(path.body.message).toMatch(/^The path is invalid: id contains a NUL character/);
  });
});

describe('an uploaded file’s name, which the browser chose', () => {
  it('is recorded with what cannot be stored replaced, and the upload goes through', async () => {
    const reply = await upload(t, admin, integrationId, 'export\u0000.json', '');
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500);
    const audit = await admin.get('/audit', { action: 'integration.upload' });
    expect(audit.body.entries[0].details.file).toBe('export\ufffd.json');
  });
});

describe('text both engines store is accepted', () => {
  it('keeps paired surrogates (emoji) and other control-free Unicode', async () => {
    const title = 'Exfiltration 🚩 — Ωμέγα İstanbul';
    const reply = await admin.patch(`/investigations/${caseId}`, { title });
    expect(reply.status).toBe(200);
    expect((await admin.get(`/investigations/${caseId}`)).body.title).toBe(title);
  });
});
