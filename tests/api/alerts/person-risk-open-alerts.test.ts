import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scorePerson } from '../../../src/server/analysis/alerts/person-risk';
import { getConfiguration } from '../../../src/server/db/queries/configuration';
import { startTestApp } from '../support/test-app';
import { insertAlert } from './insert-alert';
import type { ApiClient, TestApp } from '../support/test-app';

const NOW = Date.now();

let t: TestApp;
let admin: ApiClient;
let people: string[];

/** An alert raised today about activity `daysAgo` days old, as detection stores it. */
function alertAbout(
  employeeId: string,
  id: string,
  severity: 'low' | 'medium' | 'high' | 'critical',
  daysAgo: number,
  status = 'new',
) {
  return insertAlert(t, { id, employeeId, severity, daysAgo, status, now: NOW });
}

async function riskOf(employeeId: string) {
  const reply = await admin.get<any>('/employees/risk', { limit: 500, minScore: 0 });
  expect(reply.status).toBe(200);
  return (reply.body.people as any[]).find((p) => p.subject.id === employeeId);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  people = (await t.db.selectFrom('employees').select('id').orderBy('id').limit(4).execute()).map(
    (row) => row.id,
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a person’s risk counts every alert still waiting for triage', () => {
  it('counts open alerts about activity 31 to 36 days old, with the real open count; never Low with an open critical', async () => {
    const [critical, high] = people as [string, string];
    await alertAbout(critical, 'a-crit-1', 'critical', 31);
    await alertAbout(critical, 'a-crit-2', 'critical', 34);
    await alertAbout(critical, 'a-crit-3', 'critical', 36);
    await alertAbout(high, 'a-high-1', 'high', 32);
    await alertAbout(high, 'a-high-2', 'high', 35, 'in_review');
    // Triaged and old: it no longer counts (dismissed alerts never did).
    await alertAbout(high, 'a-high-old-dismissed', 'high', 40, 'dismissed');
    const config = await getConfiguration(t.db);
    for (const id of [critical, high]) await scorePerson(t.db, id, config, NOW);

    const first = await riskOf(critical);
    expect(first.openAlerts).toBe(3);
    expect(first.level).not.toBe('low');
    expect(first.parts[0].points).toBeGreaterThan(0);
    const second = await riskOf(high);
    expect(second.openAlerts).toBe(2);
    expect(second.score).toBeGreaterThan(0);
    expect(second.parts[0].evidence.incidents.map((i: any) => i.id).sort()).toEqual([
      'a-high-1',
      'a-high-2',
    ]);

    // The directory's Risk column reads the same figure.
    const directory = await admin.get<any>('/identity/employees', { sort: 'risk', limit: 5 });
    const row = (directory.body.employees as any[]).find((e) => e.id === critical);
    expect(row).toMatchObject({ riskScore: first.score, riskLevel: first.level });
  });

  it('keeps an open critical alert above Low when the alerts part weighs almost nothing', async () => {
    const person = people[2]!;
    await alertAbout(person, 'a-crit-light', 'critical', 33);
    const config = await getConfiguration(t.db);
    const light = { ...config, riskWeights: { ...config.riskWeights, incidents: 0.1 } };
    await scorePerson(t.db, person, light, NOW);
    const risk = await riskOf(person);
    expect(risk.score).toBeLessThan(30);
    expect(risk.level).toBe('medium');
    expect(risk.openAlerts).toBe(1);
  });

  it('stops counting an old alert once it is triaged', async () => {
    const person = people[3]!;
    await alertAbout(person, 'a-old-review', 'high', 33);
    const config = await getConfiguration(t.db);
    await scorePerson(t.db, person, config, NOW);
    expect((await riskOf(person)).openAlerts).toBe(1);
    const done = await admin.patch<any>('/alerts/a-old-review', {
      status: 'dismissed',
      reason: 'Expected work',
    });
    expect(done.status).toBe(200);
    const after = await riskOf(person);
    expect(after.openAlerts).toBe(0);
    expect(after.parts[0].points).toBe(0);
  });
});
