import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/*
 * Saved hunting searches: the author's private ones are theirs alone, shared ones are read by
 * everyone who may hunt, only the author changes or deletes one, a query that does not parse
 * is refused before anything is saved, and each save is audited.
 */
describe('saved hunting searches', () => {
  let t: TestApp;
  let author: ApiClient;
  let other: ApiClient;
  let admin: ApiClient;

  beforeAll(async () => {
    t = await startTestApp();
    author = await t.signInAs('analyst');
    other = await t.signInAs('analyst');
    admin = await t.signInAs('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const names = async (client: ApiClient) =>
    ((await client.get('/hunt/saved')).body.searches as Array<{ name: string }>).map((s) => s.name);

  it('keeps a private search to its author and shows a shared one to every hunter', async () => {
    const mine = await author.post('/hunt/saved', {
      name: 'USB this week',
      query: 'activity:usb_write',
      time: { last: '7d' },
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(mine.body).toMatchObject({ name: 'USB this week', visibility: 'private' });
    const shared = await author.post('/hunt/saved', {
      name: 'Mail to personal domains',
      query: 'email.domain:gmail.com OR email.domain:outlook.com',
      visibility: 'shared',
    });
    expect(shared.status).toBe(201);

    expect(await names(author)).toEqual(
      expect.arrayContaining(['USB this week', 'Mail to personal domains']),
    );
    const seen = await names(other);
    expect(seen).toContain('Mail to personal domains');
    expect(seen).not.toContain('USB this week');

    // Only the author changes or deletes it; someone else gets a refusal and nothing changes.
    const changed = await other.patch(`/hunt/saved/${shared.body.id}`, { name: 'Taken over' });
    expect([403, 404]).toContain(changed.status);
    expect((await other.delete(`/hunt/saved/${shared.body.id}`)).status).not.toBe(204);
    expect(await names(author)).toContain('Mail to personal domains');

    const renamed = await author.patch(`/hunt/saved/${mine.body.id}`, { name: 'USB, 7 days' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('USB, 7 days');
    expect((await author.delete(`/hunt/saved/${mine.body.id}`)).status).toBe(204);
    expect(await names(author)).not.toContain('USB, 7 days');

    const audit = await admin.get('/audit', { targetType: 'saved_hunt', targetId: shared.body.id });
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toContain('hunt.save');
  });

  it('refuses a query that does not parse, with its position, and saves nothing', async () => {
    const before = await names(author);
    const reply = await author.post('/hunt/saved', { name: 'Broken', query: 'file.name:' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/at \d+/);
    expect(await names(author)).toEqual(before);
  });
});
