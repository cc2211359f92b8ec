import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { push } from './ingest/support/ingest-helpers';
import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
});
afterAll(async () => {
  await t?.close();
});

const oktaEvent = (uuid: string) =>
  JSON.stringify({
    uuid,
    published: new Date(Date.now() - 3_600_000).toISOString(),
    eventType: 'user.session.start',
    actor: {
      id: '00u1',
      type: 'User',
      alternateId: 'maya.okafor@northwind.example',
      displayName: 'Maya Okafor',
    },
    outcome: { result: 'SUCCESS' },
    client: { ipAddress: '203.0.113.9' },
  });

async function auditActions(targetId: string): Promise<string[]> {
  const reply = await admin.get('/audit', { targetType: 'integration', targetId });
  return reply.body.entries.map((e: any) => e.action).sort();
}

describe('connecting a source', () => {
  it('lists the parsers Vigil has for the create form', async () => {
    const reply = await admin.get('/integrations/sources');
    expect(reply.status).toBe(200);
    const ids = reply.body.sources.map((s: any) => s.id);
    expect(ids).toEqual(
      expect.arrayContaining(['okta', 'm365', 'github', 'windows', 'hr', 'normalized']),
    );
    expect(reply.body.sources[0]).toMatchObject({
      label: expect.any(String),
      description: expect.any(String),
    });
  });

  it('creates an integration and shows its token once; list and get never contain it', async () => {
    const created = await admin.post('/integrations', { name: 'Okta production', kind: 'okta' });
    expect(created.status).toBe(201);
    const { integration, token } = created.body;
    expect(token).toMatch(/^vgi_[A-Za-z0-9_-]{43}$/);
    expect(integration).toMatchObject({
      name: 'Okta production',
      kind: 'okta',
      kindLabel: 'Okta System Log',
      enabled: true,
      state: 'waiting',
      eventCount: 0,
      lastSync: null,
      tokenHint: token.slice(-4),
      options: { framing: 'auto' },
    });
    const list = await admin.get('/integrations');
    const one = await admin.get(`/integrations/${integration.id}`);
    for (const body of [JSON.stringify(list.body), JSON.stringify(one.body)]) {
      expect(body).not.toContain(token);
      expect(body).not.toMatch(/token_?hash/i);
    }
    expect(list.body.integrations.map((i: any) => i.id)).toContain(integration.id);
    expect(one.body).toEqual(integration);
    expect((await push(t, integration.id, token, oktaEvent('created-1'))).status).toBe(200);
  });

  it('refuses an unknown kind, an empty name and unknown options with a sentence', async () => {
    const unknownKind = await admin.post('/integrations', { name: 'X', kind: 'splunk' });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.message).toMatch(/kind/);
    expect((await admin.post('/integrations', { name: '  ', kind: 'okta' })).body.message).toMatch(
      /name/,
    );
    const options = await admin.post('/integrations', {
      name: 'W',
      kind: 'windows',
      options: { removableDrives: ['USB'] },
    });
    expect(options.status).toBe(400);
    expect(options.body.message).toMatch(/drive letter/);
  });

  it('edits name, enabled and options; 404 for an unknown id', async () => {
    const { integration } = (
      await admin.post('/integrations', { name: 'Endpoints', kind: 'windows' })
    ).body;
    const edited = await admin.patch(`/integrations/${integration.id}`, {
      name: 'Endpoint agents',
      enabled: false,
      options: { framing: 'ndjson', removableDrives: ['e:', 'F:'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Endpoint agents',
      enabled: false,
      state: 'disabled',
      options: { framing: 'ndjson', removableDrives: ['E:', 'F:'] },
    });
    expect((await admin.patch(`/integrations/${integration.id}`, {})).status).toBe(400);
    expect((await admin.patch('/integrations/nope', { name: 'x' })).status).toBe(404);
    expect((await admin.get('/integrations/nope')).status).toBe(404);
  });

  it('rotates the token: the new one is shown once and the old one stops working', async () => {
    const { integration, token: old } = (
      await admin.post('/integrations', { name: 'Rotate me', kind: 'okta' })
    ).body;
    const rotated = await admin.post(`/integrations/${integration.id}/token`);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.token;
    expect(fresh).not.toBe(old);
    expect(rotated.body.integration.tokenHint).toBe(fresh.slice(-4));
    expect((await push(t, integration.id, old, oktaEvent('rotate-1'))).status).toBe(401);
    expect((await push(t, integration.id, fresh, oktaEvent('rotate-1'))).status).toBe(200);
    expect(JSON.stringify((await admin.get(`/integrations/${integration.id}`)).body)).not.toContain(
      fresh,
    );
  });

  it('deletes an integration but keeps its events; audits every change', async () => {
    const { integration, token } = (
      await admin.post('/integrations', { name: 'Short-lived', kind: 'okta' })
    ).body;
    expect((await push(t, integration.id, token, oktaEvent('kept-1'))).body.accepted).toBe(1);
    await admin.patch(`/integrations/${integration.id}`, { name: 'Short-lived (renamed)' });
    await admin.post(`/integrations/${integration.id}/token`);
    expect((await admin.delete(`/integrations/${integration.id}`)).status).toBe(204);
    expect((await admin.get(`/integrations/${integration.id}`)).status).toBe(404);
    expect((await admin.delete(`/integrations/${integration.id}`)).status).toBe(404);
    const kept = await t.db
      .selectFrom('events')
      .select('id')
      .where('integration_id', '=', integration.id)
      .execute();
    expect(kept).toHaveLength(1);
    expect(await auditActions(integration.id)).toEqual([
      'integration.create',
      'integration.delete',
      'integration.push',
      'integration.rotate_token',
      'integration.update',
    ]);
    const entries = (await admin.get('/audit', { targetId: integration.id })).body.entries;
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it('is for integrations.manage only: 403 for an analyst, 401 without a session', async () => {
    const analyst = await t.signInAs('analyst');
    const { integration } = (await admin.post('/integrations', { name: 'Guarded', kind: 'slack' }))
      .body;
    expect((await analyst.get('/integrations')).status).toBe(403);
    expect((await analyst.get('/integrations/sources')).status).toBe(403);
    expect((await analyst.post('/integrations', { name: 'Mine', kind: 'okta' })).status).toBe(403);
    expect(
      (await analyst.patch(`/integrations/${integration.id}`, { enabled: false })).status,
    ).toBe(403);
    expect((await analyst.post(`/integrations/${integration.id}/token`)).status).toBe(403);
    expect((await analyst.delete(`/integrations/${integration.id}`)).status).toBe(403);
    expect((await analyst.get(`/integrations/${integration.id}/runs`)).status).toBe(403);
    expect((await t.anonymous.get('/integrations')).status).toBe(401);
  });
});
