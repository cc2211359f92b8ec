import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runDetectionPass } from '../../../src/server/analysis/alerts/detection-pass';
import { loadDataset } from '../incidents/support';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

let t: TestApp;
let admin: ApiClient;
let triager: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  await loadDataset(t, { seed: 7, employees: 40, days: 30, endDate: '2026-11-20' });
  await runDetectionPass(t.database);
  admin = await t.signInAs('admin');
  triager = await t.signInAs('analyst');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function queue(query: Record<string, string | number> = {}) {
  const reply = await admin.get<any>('/alerts', query);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

async function auditOf(alertId: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'target_id'])
    .where('target_type', '=', 'alert')
    .where('target_id', '=', alertId)
    .execute();
}

describe('the alert queue', () => {
  it('lists alerts worst first, pages through all of them once, and counts them', async () => {
    const first = await queue({ limit: 3 });
    expect(first.total).toBeGreaterThan(3);
    const seen: any[] = [...first.alerts];
    let next = first.next;
    while (next) {
      const page = await queue({ limit: 3, cursor: next });
      seen.push(...page.alerts);
      next = page.next;
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen.map((a) => a.id)).size).toBe(first.total);
    const ranks = { low: 0, medium: 1, high: 2, critical: 3 } as Record<string, number>;
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1], seen[i]];
      expect(
        ranks[a.severity]! > ranks[b.severity]! ||
          (a.severity === b.severity && a.lastSeen >= b.lastSeen),
      ).toBe(true);
    }
    expect(seen[0].subject).toMatchObject({ id: expect.any(String), fullName: expect.any(String) });
    expect(seen.some((a) => a.itm.length > 0)).toBe(true);
  });

  it('filters by severity, rule, person and technique, and counts what it filters', async () => {
    const all = (await queue({ limit: 500 })).alerts as any[];
    const some = all[0];
    for (const [key, value, pick] of [
      ['severity', some.severity, (a: any) => a.severity === some.severity],
      ['ruleId', some.ruleId, (a: any) => a.ruleId === some.ruleId],
      ['employeeId', some.subject.id, (a: any) => a.subject.id === some.subject.id],
      ['technique', some.techniques[0], (a: any) => a.techniques.includes(some.techniques[0])],
    ] as const) {
      const page = await queue({ [key]: value, limit: 500 });
      expect(page.alerts.length, key).toBe(all.filter(pick).length);
      expect(page.total, key).toBe(page.alerts.length);
    }
  });

  it('opens an alert with its events and raw records, as many as it counts; the read is audited', async () => {
    const [alert] = (await queue({ limit: 1 })).alerts;
    const reply = await triager.get<any>(`/alerts/${alert.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.events.length).toBe(Math.min(alert.eventCount, 500));
    expect(reply.body.events[0].raw).not.toBeNull();
    for (const event of reply.body.events) {
      expect(event.time).toBeGreaterThanOrEqual(alert.firstSeen);
      expect(event.time).toBeLessThanOrEqual(alert.lastSeen);
    }
    expect((await auditOf(alert.id)).map((e) => e.action)).toContain('alert.view');
    expect((await triager.get(`/alerts/no-such-alert`)).status).toBe(404);
  });

  it('dismissing needs a reason, said beside the field; with one it is kept and audited', async () => {
    const [alert] = (await queue({ status: 'new', limit: 1 })).alerts;
    const refused = await triager.patch<any>(`/alerts/${alert.id}`, { status: 'dismissed' });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      { field: 'reason', message: expect.stringMatching(/needs a reason/) },
    ]);
    const done = await triager.patch<any>(`/alerts/${alert.id}`, {
      status: 'dismissed',
      reason: 'Approved migration of the team share',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'dismissed',
      reason: 'Approved migration of the team share',
    });
    expect((await auditOf(alert.id)).map((e) => e.action)).toContain('alert.update');
    // Detection again over the same events keeps it dismissed.
    await t.db
      .insertInto('detection_queue')
      .values({
        employee_id: alert.subject.id,
        from_time: alert.firstSeen,
        to_time: alert.lastSeen,
        queued_at: Date.now(),
        claimed_by: null,
        claimed_at: null,
      })
      .execute();
    await runDetectionPass(t.database);
    expect((await admin.get<any>(`/alerts/${alert.id}`)).body.status).toBe('dismissed');
  });

  it('a bulk request is all or nothing: one unknown id changes nothing', async () => {
    const alerts = (await queue({ status: 'new', limit: 3 })).alerts as any[];
    const ids = alerts.map((a) => a.id);
    const refused = await triager.post<any>('/alerts/bulk', {
      ids: [...ids, 'no-such-alert'],
      action: 'assign',
      assigneeId: triager.user!.id,
    });
    expect(refused.status).toBe(404);
    // Refusals never echo what the caller sent (issue 23): the sentence says what is wrong.
    expect(refused.body.message).toBe('There is no alert with that id.');
    for (const id of ids) expect((await admin.get<any>(`/alerts/${id}`)).body.assignee).toBeNull();

    const noReason = await triager.post<any>('/alerts/bulk', { ids, action: 'dismiss' });
    expect(noReason.status).toBe(400);

    const done = await triager.post<any>('/alerts/bulk', {
      ids,
      action: 'assign',
      assigneeId: triager.user!.id,
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ updated: 3 });
    for (const id of ids) {
      expect((await admin.get<any>(`/alerts/${id}`)).body.assignee.id).toBe(triager.user!.id);
      expect((await auditOf(id)).filter((e) => e.action === 'alert.update')).toHaveLength(1);
    }
  });

  it('escalating opens a case about the person, or adds to their open one', async () => {
    const alerts = (await queue({ status: 'new', limit: 500 })).alerts as any[];
    const byPerson = new Map<string, any[]>();
    for (const a of alerts) byPerson.set(a.subject.id, [...(byPerson.get(a.subject.id) ?? []), a]);
    const [first, second] = [...byPerson.values()].find((list) => list.length >= 2) ?? alerts;
    const opened = await triager.post<any>(`/alerts/${first.id}/investigation`, {});
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.created).toBe(true);
    const investigation = await admin.get<any>(`/investigations/${opened.body.investigationId}`);
    expect(investigation.body.subject.id).toBe(first.subject.id);
    expect((await admin.get<any>(`/alerts/${first.id}`)).body).toMatchObject({
      status: 'escalated',
      investigationId: opened.body.investigationId,
    });
    if (second && second.subject.id === first.subject.id) {
      const joined = await triager.post<any>(`/alerts/${second.id}/investigation`, {});
      expect(joined.body).toEqual({ investigationId: opened.body.investigationId, created: false });
    }
    const again = await triager.post<any>(`/alerts/${first.id}/investigation`, {});
    expect(again.status).toBe(409);
    const status = await triager.patch<any>(`/alerts/${first.id}`, { status: 'new' });
    expect(status.status).toBe(409);
  });

  it('is hidden from roles that cannot see every case', async () => {
    const investigator = await t.signInAs('investigator');
    expect((await investigator.get('/alerts')).status).toBe(403);
  });
});

describe('risk for every person', () => {
  it('scores people with the same parts as a case, riskiest first, and the directory sorts by it', async () => {
    const reply = await admin.get<any>('/employees/risk', { limit: 10 });
    expect(reply.status).toBe(200);
    const people = reply.body.people as any[];
    expect(people.length).toBeGreaterThan(0);
    for (let i = 1; i < people.length; i++)
      expect(people[i - 1].score).toBeGreaterThanOrEqual(people[i].score);
    const top = people[0];
    expect(top.parts.map((p: any) => p.id)).toEqual([
      'incidents',
      'exfiltration',
      'afterHours',
      'securityHygiene',
      'accessRequests',
      'departure',
    ]);
    const total = top.parts.reduce((sum: number, p: any) => sum + p.points, 0);
    expect(top.score).toBe(Math.min(100, Math.round(total)));

    const directory = await admin.get<any>('/identity/employees', { sort: 'risk', limit: 5 });
    expect(directory.body.employees[0]).toMatchObject({ riskScore: top.score });
    const investigator = await t.signInAs('investigator');
    const hidden = await investigator.get<any>('/identity/employees', { sort: 'risk', limit: 5 });
    expect(hidden.body.employees.every((e: any) => e.riskScore === null)).toBe(true);
    expect((await investigator.get('/employees/risk')).status).toBe(403);
  });

  it('dismissing a person’s alerts lowers their score at once', async () => {
    const people = (await admin.get<any>('/employees/risk', { limit: 50 })).body.people as any[];
    let person: any;
    let alerts: any[] = [];
    for (const candidate of people.filter((p) => p.openAlerts > 0 && p.parts[0].points > 0)) {
      const theirs = (
        await admin.get<any>('/alerts', { employeeId: candidate.subject.id, limit: 500 })
      ).body.alerts as any[];
      if (theirs.every((a) => a.status === 'new' || a.status === 'in_review')) {
        person = candidate;
        alerts = theirs;
        break;
      }
    }
    expect(person, 'someone whose alerts are all still open').toBeDefined();
    const done = await triager.post<any>('/alerts/bulk', {
      ids: alerts.map((a: any) => a.id),
      action: 'dismiss',
      reason: 'Reviewed with the manager: expected work',
    });
    expect(done.status).toBe(200);
    const after = (await admin.get<any>('/employees/risk', { limit: 500, minScore: 0 })).body
      .people as any[];
    const rescored = after.find((p) => p.subject.id === person.subject.id);
    expect(rescored.parts[0].points).toBe(0);
    expect(rescored.openAlerts).toBe(0);
    expect(rescored.score).toBeLessThan(person.score);
  });
});

describe('watchlists', () => {
  it('lists the derived lists with their members, and a kept list an admin creates', async () => {
    const lists = (await admin.get<any>('/watchlists')).body.watchlists as any[];
    expect(lists.map((l) => l.id).slice(0, 3)).toEqual(['departing', 'new-hires', 'privileged']);
    const departing = lists.find((l) => l.id === 'departing');
    const withDates = await t.db
      .selectFrom('employees')
      .select('id')
      .where((eb) =>
        eb.or([eb('resignation_date', 'is not', null), eb('departure_date', 'is not', null)]),
      )
      .execute();
    expect(departing.members).toBeGreaterThan(0);
    expect(departing.members).toBeLessThanOrEqual(withDates.length);

    const [someone] = (await queue({ limit: 1 })).alerts;
    const created = await admin.post<any>('/watchlists', {
      name: 'Contractors',
      employeeIds: [someone.subject.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'kept', members: 1 });
    const same = await admin.post<any>('/watchlists', { name: 'contractors' });
    expect(same.status).toBe(409);
    const unknown = await admin.post<any>('/watchlists', {
      name: 'Ghosts',
      employeeIds: ['NOBODY-1'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('One of the employees is not in the directory.');
    expect((await triager.post('/watchlists', { name: 'Not mine' })).status).toBe(403);

    const filtered = await queue({ watchlist: created.body.id, limit: 500 });
    expect(filtered.alerts.length).toBeGreaterThan(0);
    expect(filtered.alerts.every((a: any) => a.subject.id === someone.subject.id)).toBe(true);
    expect(filtered.total).toBe(filtered.alerts.length);
  });

  it('alerts about departing people from the data theft rules are raised to critical', async () => {
    const departing = await queue({ watchlist: 'departing', limit: 500 });
    const theft = [
      'bulk-download-then-usb',
      'personal-email-exfiltration',
      'cloud-storage-exfiltration',
    ];
    const raised = departing.alerts.filter((a: any) => theft.includes(a.ruleId));
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.every((a: any) => a.severity === 'critical')).toBe(true);
    const others = (await queue({ limit: 500 })).alerts.filter(
      (a: any) => theft.includes(a.ruleId) && !departing.alerts.some((d: any) => d.id === a.id),
    );
    expect(others.every((a: any) => a.severity !== 'critical')).toBe(true);
  });
});
