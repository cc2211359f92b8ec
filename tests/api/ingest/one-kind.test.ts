import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { connect, countEvents, push, upload } from './support/ingest-helpers';

/**
 * An integration of one kind takes only records of its own source (issue 24, item 11): an Okta
 * integration used to take GitHub, Slack, Microsoft 365 and HR batches by auto-detection.
 */
let t: TestApp;
let admin: ApiClient;

const okta = (i: number) =>
  JSON.stringify({
    uuid: `one-kind-okta-${i}`,
    published: `2026-11-0${1 + (i % 9)}T10:00:00.000Z`,
    eventType: 'user.session.start',
    displayMessage: 'User login to Okta',
    actor: { id: `00u${i}`, type: 'User', alternateId: 'someone@northwind.example' },
    outcome: { result: 'SUCCESS' },
    client: { ipAddress: '203.0.113.7' },
  });
const github = (i: number) =>
  JSON.stringify({
    '@timestamp': Date.parse('2026-11-02T10:00:00Z') + i,
    _document_id: `one-kind-gh-${i}`,
    action: 'repo.download_zip',
    actor: 'someone',
    org: 'northwind',
    repo: 'northwind/payments',
  });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('an integration of one kind', () => {
  it('refuses a batch of another source whole, naming both sources', async () => {
    const { id, token } = await connect(admin, 'okta');
    const reply = await push(t, id, token, [0, 1, 2].map(github).join('\n'));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/GitHub audit log record/);
    expect(reply.body.message).toMatch(/reads Okta System Log only/);
    expect(await countEvents(t, 'github')).toBe(0);
  });

  it('refuses an uploaded file of another source the same way', async () => {
    const { id } = await connect(admin, 'okta', 'okta upload');
    const reply = await upload(t, admin, id, 'audit.ndjson', [3, 4].map(github).join('\n'));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/GitHub audit log record.*reads Okta System Log only/);
    expect(await countEvents(t, 'github')).toBe(0);
  });

  it('keeps its own records and sets aside a stray record of another source', async () => {
    const { id, token } = await connect(admin, 'okta', 'okta mixed');
    const lines = [okta(1), okta(2), github(5), okta(3)];
    const reply = await push(t, id, token, lines.join('\n'));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ accepted: 3, quarantined: 1 });
    expect(reply.body.errors).toEqual([
      { position: 3, reason: expect.stringMatching(/GitHub audit log record.*Okta System Log/) },
    ]);
    expect(await countEvents(t, 'github')).toBe(0);
  });

  it('leaves a normalized integration taking every source', async () => {
    const { id, token } = await connect(admin, 'normalized', 'mixed');
    const reply = await push(t, id, token, [okta(7), github(8)].join('\n'));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ accepted: 2, quarantined: 0 });
    expect(await countEvents(t, 'github')).toBe(1);
  });
});
