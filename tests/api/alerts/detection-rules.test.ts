import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runDetectionPass } from '../../../src/server/analysis/alerts/detection-pass';
import { loadDataset } from '../incidents/support';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

let t: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  await loadDataset(t, { seed: 7, employees: 30, days: 30, endDate: '2026-11-20' });
  admin = await t.signInAs('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A Sigma rule over the generated mass-deletion storyline: many deletions in a day. */
const DELETIONS = `title: Many files deleted in a day
name: many-files-deleted-in-a-day
logsource:
  product: m365
  service: audit
detection:
  selection:
    Operation: FileDeleted
  condition: selection
level: high
---
title: Mass deletion by one person
correlation:
  type: event_count
  rules:
    - many-files-deleted-in-a-day
  group-by:
    - UserId
  timespan: 1d
  condition:
    gte: 25
level: high
`;

describe('detection rules', () => {
  it('lists shipped JSON and Sigma rules, switched on, with the policy presets', async () => {
    const reply = await admin.get<any>('/detection/rules');
    expect(reply.status).toBe(200);
    const rules = reply.body.rules as any[];
    expect(rules.filter((r) => r.format === 'vigil').length).toBeGreaterThanOrEqual(12);
    expect(rules.filter((r) => r.format === 'sigma').length).toBeGreaterThanOrEqual(15);
    expect(rules.every((r) => r.origin === 'shipped' && r.enabled)).toBe(true);
    expect(reply.body.policies.map((p: any) => p.id)).toEqual([
      'departing-data-theft',
      'data-leaks',
      'security-policy-violations',
    ]);
    const known = new Set(rules.map((r) => r.id));
    for (const policy of reply.body.policies)
      for (const id of policy.rules) expect(known.has(id), id).toBe(true);
    expect(rules.find((r) => r.id === 'bulk-download-then-usb').policies).toContain(
      'departing-data-theft',
    );
  });

  it('refuses a Sigma text it cannot honour whole, with the line and the construct', async () => {
    const reply = await admin.post<any>('/detection/rules', {
      format: 'sigma',
      source: `title: Odd\nlogsource:\n  product: okta\n  service: okta\ndetection:\n  selection:\n    eventtype|utf16le: x\n  condition: selection\n`,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/line 7: .*utf16le/);
    expect(reply.body.issues).toEqual([
      { field: 'source', message: expect.stringMatching(/line 7/) },
    ]);
    const broken = await admin.post<any>('/detection/rules', {
      format: 'sigma',
      source: 'title: [unclosed',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/line 1/);
    expect(
      (await admin.get<any>('/detection/rules')).body.rules.every(
        (r: any) => r.origin === 'shipped',
      ),
    ).toBe(true);
  });

  it('tries a rule over the last days without storing anything', async () => {
    const before = await t.db.selectFrom('alerts').select('id').execute();
    const reply = await admin.post<any>('/detection/rules/test', {
      format: 'sigma',
      source: DELETIONS,
      days: 90,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.matchingEvents).toBeGreaterThan(25);
    expect(reply.body.alerts).toBeGreaterThan(0);
    const flagged = reply.body.people.filter((p: any) => p.alerts > 0);
    expect(flagged.length).toBe(reply.body.alerts > 0 ? flagged.length : 0);
    expect(flagged[0].subject.id).toMatch(/^E/);
    expect(await t.db.selectFrom('alerts').select('id').execute()).toEqual(before);
    expect(await t.db.selectFrom('detection_rules').select('id').execute()).toEqual([]);
  });

  it('adds a rule switched off, switches it on, detection uses it, and only its author deletes it', async () => {
    const added = await admin.post<any>('/detection/rules', { format: 'sigma', source: DELETIONS });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const ids = added.body.rules.map((r: any) => r.id);
    expect(added.body.rules.every((r: any) => r.origin === 'custom' && !r.enabled)).toBe(true);
    const again = await admin.post<any>('/detection/rules', { format: 'sigma', source: DELETIONS });
    expect(again.status).toBe(409);

    const correlation = added.body.rules.find(
      (r: any) => r.title === 'Mass deletion by one person',
    );
    const on = await admin.patch<any>(`/detection/rules/${correlation.id}`, { enabled: true });
    expect(on.body.enabled).toBe(true);
    await runDetectionPass(t.database);
    const alerts = await t.db
      .selectFrom('alerts')
      .select(['employee_id'])
      .where('rule_id', '=', correlation.id)
      .execute();
    expect(alerts.length).toBeGreaterThan(0);

    const other = await t.signInAs('admin');
    expect((await other.delete(`/detection/rules/${correlation.id}`)).status).toBe(403);
    expect((await admin.delete('/detection/rules/mass-deletion')).status).toBe(409);
    expect((await admin.delete(`/detection/rules/${correlation.id}`)).status).toBe(204);
    const left = (await admin.get<any>('/detection/rules')).body.rules.map((r: any) => r.id);
    for (const id of ids) expect(left).not.toContain(id);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'detection_rule.%')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'detection_rule.create',
        'detection_rule.update',
        'detection_rule.delete',
      ]),
    );
  });

  it('a shipped rule switched off stops raising alerts; the switch is kept', async () => {
    const off = await admin.patch<any>('/detection/rules/mass-deletion', { enabled: false });
    expect(off.body.enabled).toBe(false);
    await t.db.deleteFrom('alerts').where('rule_id', '=', 'mass-deletion').execute();
    const people = await t.db.selectFrom('employees').select('id').execute();
    const now = Date.now();
    await t.db
      .insertInto('detection_queue')
      .values(
        people.map((p) => ({
          employee_id: p.id,
          from_time: 0,
          to_time: now,
          queued_at: now,
          claimed_by: null,
          claimed_at: null,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await runDetectionPass(t.database);
    const raised = await t.db
      .selectFrom('alerts')
      .select('id')
      .where('rule_id', '=', 'mass-deletion')
      .execute();
    expect(raised).toEqual([]);
    expect(
      (await admin.get<any>('/detection/rules')).body.rules.find(
        (r: any) => r.id === 'mass-deletion',
      ).enabled,
    ).toBe(false);
    expect((await admin.patch('/detection/rules/no-such-rule', { enabled: true })).status).toBe(
      404,
    );
    const analyst = await t.signInAs('analyst');
    expect((await analyst.patch('/detection/rules/mass-deletion', { enabled: true })).status).toBe(
      403,
    );
  });
});
