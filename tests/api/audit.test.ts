import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AuditEntry } from '../../src/shared/schemas/audit';
import { startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the audit log', () => {
  it('records sign-in, failed sign-in, sign-out, creations and reads with who, when and from where', async () => {
    const auditor = await t.signInAs('auditor');
    const investigator = await t.signInAs('investigator');
    await t.signIn(investigator.user!.email, 'wrong password!');
    const created = await investigator.post('/investigations', {
      title: 'Audited',
      subjectEmployeeId: 'E1004',
    });
    await investigator.get(`/investigations/${created.body.id}`);
    await investigator.post('/auth/logout', {});

    const mine = await auditor.get<{ entries: AuditEntry[] }>('/audit', {
      actor: investigator.user!.email,
    });
    const actions = mine.body.entries.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'auth.login',
        'auth.login_failed',
        'investigation.create',
        'investigation.read',
        'auth.logout',
      ]),
    );
    // Newest first.
    expect(actions[0]).toBe('auth.logout');
    for (const entry of mine.body.entries) {
      expect(entry.ip).toBeTruthy();
      expect(entry.at).toBeGreaterThan(Date.now() - 60_000);
    }
    const reads = await auditor.get<{ entries: AuditEntry[] }>('/audit', {
      action: 'investigation',
    });
    expect(reads.body.entries.every((e) => e.action.startsWith('investigation.'))).toBe(true);
  });

  it('pages by id and filters by target and time', async () => {
    const auditor = await t.signInAs('auditor');
    const first = await auditor.get<{ entries: AuditEntry[]; nextBefore: number | null }>(
      '/audit',
      { limit: 2 },
    );
    expect(first.body.entries).toHaveLength(2);
    expect(first.body.nextBefore).toBe(first.body.entries[1]!.id);
    const second = await auditor.get<{ entries: AuditEntry[] }>('/audit', {
      limit: 2,
      before: first.body.nextBefore!,
    });
    expect(second.body.entries[0]!.id).toBeLessThan(first.body.nextBefore!);
    const future = await auditor.get<{ entries: AuditEntry[] }>('/audit', { from: '2999-01-01' });
    expect(future.body.entries).toEqual([]);
    const bad = await auditor.get('/audit', { from: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/This is not a date/);
  });

  it('cannot be changed or deleted, even with direct SQL', async () => {
    await expect(sql`update audit_log set action = 'forged'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const count = await t.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0);
  });

  it('is closed to roles without the permission', async () => {
    const investigator = await t.signInAs('investigator');
    expect((await investigator.get('/audit')).status).toBe(403);
  });
});
