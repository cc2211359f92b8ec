import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { severityRank } from '../../src/shared/incident-model';
import type { IncidentSeverity } from '../../src/shared/incident-model';
import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

/*
 * Every request the dashboard makes, on both engines: the alerts panel was a 500 on PostgreSQL
 * for every call while the SQLite run of the same page passed.
 */

const DAY = 86_400_000;
const NOON_TODAY = Math.floor(Date.now() / DAY) * DAY + 12 * 3_600_000;

let t: TestApp;
let admin: ApiClient;
let seq = 0;

async function alert(severity: IncidentSeverity, lastTime: number, status = 'new') {
  seq += 1;
  await t.db
    .insertInto('alerts')
    .values({
      id: `dashboard-alert-${seq}`,
      rule_id: 'usb-mass-copy',
      title: 'Mass copy',
      description: '',
      employee_id: 'E1006',
      severity,
      severity_rank: severityRank(severity),
      status,
      reason: status === 'dismissed' ? 'Approved work.' : null,
      assignee_id: null,
      investigation_id: null,
      techniques: '[]',
      itm: '[]',
      why: 'test',
      first_time: lastTime - 60_000,
      last_time: lastTime,
      event_count: 1,
      created_at: lastTime,
      updated_at: lastTime,
    })
    .execute();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signInAs('admin');
  // Ten alerts on one day, spread over its hours: the day the chart showed as three.
  const busyDay = NOON_TODAY - 3 * DAY - 11 * 3_600_000;
  const busy: IncidentSeverity[] = ['critical', 'critical', 'medium'];
  for (let i = 0; i < 7; i++) busy.push('high');
  for (const [i, severity] of busy.entries()) await alert(severity, busyDay + i * 7_777_000);
  await alert('high', NOON_TODAY, 'in_review');
  await alert('low', NOON_TODAY - DAY, 'dismissed');
  await alert('medium', NOON_TODAY - 29 * DAY);
  // Open, but older than the chart's 30 days: counted under "Open", not in the chart.
  await alert('critical', NOON_TODAY - 45 * DAY);
  await admin.post('/investigations', { title: 'Case', subjectEmployeeId: 'E1006' });
});
afterAll(async () => {
  await t?.close();
});

describe('the dashboard', () => {
  it('charts alerts per day with the sums of the alert list, on this engine', async () => {
    const summary = await admin.get<any>('/alerts/summary');
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    const list = await admin.get<any>('/alerts', { limit: 500 });
    expect(list.status).toBe(200);
    const since = Math.floor(Date.now() / DAY - 29) * DAY;
    const expected = new Map<string, number>();
    for (const a of list.body.alerts as Array<{ lastSeen: number; severity: string }>) {
      if (a.lastSeen < since) continue;
      const key = `${new Date(a.lastSeen).toISOString().slice(0, 10)} ${a.severity}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const charted = new Map<string, number>(
      (summary.body.perDay as Array<{ day: string; severity: string; count: number }>).map((p) => [
        `${p.day} ${p.severity}`,
        p.count,
      ]),
    );
    expect(charted).toEqual(expected);
    const busy = new Date(NOON_TODAY - 3 * DAY).toISOString().slice(0, 10);
    const onBusyDay = (summary.body.perDay as Array<{ day: string; count: number }>)
      .filter((p) => p.day === busy)
      .reduce((sum, p) => sum + p.count, 0);
    expect(onBusyDay).toBe(10);
  });

  it('counts every open alert, whatever its age, by severity', async () => {
    const summary = await admin.get<any>('/alerts/summary');
    const open = async (status: string) =>
      (await admin.get<any>('/alerts', { status, limit: 500 })).body.total as number;
    expect(summary.body.open).toBe((await open('new')) + (await open('in_review')));
    expect(summary.body.open).toBe(13);
    // Nobody waits for detection: the figures are final.
    expect(summary.body.detecting).toBe(0);
    expect(summary.body.bySeverity).toEqual({ low: 0, medium: 2, high: 8, critical: 3 });
  });

  it('says how many people detection has yet to read, so growing counts are not taken as final', async () => {
    const queued = ['E1006', 'E1007'];
    await t.db
      .insertInto('detection_queue')
      .values(
        queued.map((id) => ({
          employee_id: id,
          from_time: 0,
          to_time: Date.now(),
          queued_at: Date.now(),
        })),
      )
      .execute();
    try {
      expect((await admin.get<any>('/alerts/summary')).body.detecting).toBe(2);
    } finally {
      await t.db.deleteFrom('detection_queue').where('employee_id', 'in', queued).execute();
    }
    expect((await admin.get<any>('/alerts/summary')).body.detecting).toBe(0);
  });

  it('answers every other figure it shows', async () => {
    const base = '/investigations/analytics';
    for (const [path, query] of [
      [`${base}/count`, {}],
      [`${base}/active-count`, {}],
      [`${base}/high-risk-count`, {}],
      [`${base}/today-count`, { tz: 'Europe/Berlin' }],
      [`${base}/risk-distribution`, {}],
      [`${base}/type-distribution`, {}],
      [`${base}/trend`, { days: 30, tz: 'Europe/Berlin' }],
      ['/employees/risk', { limit: 10 }],
      ['/investigations', { assignee: 'me', limit: 8, sort: '-updatedAt' }],
      ['/investigations', { limit: 8, sort: '-createdAt' }],
    ] as const) {
      const reply = await admin.get<any>(path, query);
      expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(200);
    }
    expect((await admin.get<any>(`${base}/count`)).body).toEqual({ count: 1 });
  });
});
