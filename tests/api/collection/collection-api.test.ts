import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { testSecretKey } from './support/collection-helpers';

let t: TestApp;
let admin: ApiClient;
let oktaId: string;

const TOKEN = '00abcdefghijklmnopqrstuvwxyz-SECRET-1234';

beforeAll(async () => {
  // As in production: https only, public hosts only.
  t = await startTestApp({ secretKey: testSecretKey(), allowHttpConnectors: false });
  admin = await t.signInAs('admin');
  oktaId = (await admin.post('/integrations', { name: 'Okta', kind: 'okta' })).body.integration.id;
});
afterAll(async () => {
  await t?.close();
});

const put = (body: unknown, id = oktaId) => admin.put(`/integrations/${id}/collection`, body);
const good = { enabled: false, settings: { url: 'https://example.okta.com/', token: TOKEN } };

describe('collection settings', () => {
  it('shows an integration never configured with defaults and nothing set', async () => {
    const reply = await admin.get(`/integrations/${oktaId}/collection`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      configured: false,
      supported: true,
      enabled: false,
      intervalSeconds: 60,
      backfillDays: 7,
      settings: { token: { set: false, hint: null } },
      status: { state: 'paused', eventsToday: 0, lastError: null },
    });
  });

  it('stores secrets sealed and write-only: replies show only that one is set and its last 4 characters', async () => {
    const saved = await put(good);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      enabled: false,
      settings: { url: 'https://example.okta.com', token: { set: true, hint: '…1234' } },
      status: { state: 'paused', nextPollAt: null },
    });
    const read = await admin.get(`/integrations/${oktaId}/collection`);
    expect(JSON.stringify(read.body)).not.toContain('SECRET');
    const row = await t.db
      .selectFrom('integration_collections')
      .selectAll()
      .where('integration_id', '=', oktaId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('SECRET');
    expect(row.secrets).toMatch(/^v1:/);

    // Left out, the stored token stays; the audit log says credentials changed, never what to.
    const kept = await put({
      enabled: false,
      intervalSeconds: 300,
      settings: { url: 'https://example.okta.com' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      intervalSeconds: 300,
      settings: { token: { set: true, hint: '…1234' } },
    });
    const audit = await admin.get('/audit', { targetType: 'integration', targetId: oktaId });
    const actions = audit.body.entries.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a === 'integration.credentials.change')).toHaveLength(1);
    expect(actions.filter((a: string) => a === 'integration.collection.update')).toHaveLength(2);
    expect(JSON.stringify(audit.body)).not.toContain('SECRET');
  });

  it.each([
    [
      { settings: { url: 'https://example.okta.com', token: 't', region: 'eu' } },
      'settings.region',
    ],
    [{ settings: { url: 'https://example.okta.com' } }, null],
    [{ settings: { token: 't' } }, 'settings.url'],
    [{ settings: { url: 'http://example.okta.com', token: 't' } }, 'settings.url'],
    [{ settings: { url: 'https://10.1.2.3', token: 't' } }, 'settings.url'],
    [{ settings: { url: 'https://169.254.169.254', token: 't' } }, 'settings.url'],
    [{ settings: { url: 'https://[::1]:8443', token: 't' } }, 'settings.url'],
    [{ settings: { url: 'https://localhost', token: 't' } }, 'settings.url'],
    [{ settings: { url: 'not a url', token: 't' } }, 'settings.url'],
    [{ intervalSeconds: 2, settings: good.settings }, 'intervalSeconds'],
    [{ intervalSeconds: 86_401, settings: good.settings }, 'intervalSeconds'],
    [{ backfillDays: 91, settings: good.settings }, 'backfillDays'],
    [{ settings: good.settings, extra: true }, null],
  ])('refuses %j with a 400 naming the field', async (body, field) => {
    const fresh = (await admin.post('/integrations', { name: 'Okta 2', kind: 'okta' })).body
      .integration.id;
    const reply = await put(body, fresh);
    expect(reply.status).toBe(400);
    if (field) expect(reply.body.message).toContain(field);
    else expect(reply.body.message).toMatch(/settings\.token|extra/);
    expect((await admin.get(`/integrations/${fresh}/collection`)).body.configured).toBe(false);
  });

  it('says that a kind without a collector is pushed or uploaded', async () => {
    const windows = (await admin.post('/integrations', { name: 'Endpoints', kind: 'windows' })).body
      .integration.id;
    const reply = await put({ settings: {} }, windows);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/does not collect .* by itself yet; push or upload/);
    expect((await admin.get(`/integrations/${windows}/collection`)).body.supported).toBe(false);
  });

  it('is for admins only, and 404 for an unknown integration', async () => {
    const analyst = await t.signInAs('analyst');
    expect((await analyst.get(`/integrations/${oktaId}/collection`)).status).toBe(403);
    expect((await analyst.put(`/integrations/${oktaId}/collection`, good)).status).toBe(403);
    expect((await analyst.post(`/integrations/${oktaId}/collection/run`, {})).status).toBe(403);
    expect((await admin.get('/integrations/nope/collection')).status).toBe(404);
  });

  it('polls now only when resumed: 409 while paused, 202 once enabled', async () => {
    await put(good);
    const paused = await admin.post(`/integrations/${oktaId}/collection/run`, {});
    expect(paused.status).toBe(409);
    expect(paused.body.message).toBe('Collection is paused: resume it to poll.');
    await put({ ...good, enabled: true });
    const run = await admin.post(`/integrations/${oktaId}/collection/run`, {});
    expect(run.status).toBe(202);
    const test = await admin.post(`/integrations/${oktaId}/collection/test`, {});
    expect(test.status).toBe(200);
    // No network here: the test says so as a sentence instead of failing the request.
    expect(test.body.ok).toBe(false);
    expect(test.body.message).toMatch(/^Okta could not be reached: /);
  });
});
