import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from './support/test-app';
import type { ApiClient, TestApp } from './support/test-app';

let t: TestApp;
let owner: ApiClient;
let stranger: ApiClient;
const base = '/investigations/analytics';

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.signInAs('investigator');
  stranger = await t.signInAs('investigator');
  const open = (body: Record<string, unknown>) =>
    owner.post('/investigations', { title: 'Case', subjectEmployeeId: 'E1006', ...body });
  await open({ riskLevel: 'critical', type: 'fraud' });
  await open({ riskLevel: 'high', type: 'fraud' });
  await open({ riskLevel: 'low', type: 'sabotage' });
  const closed = await open({ riskLevel: 'high', type: 'other' });
  await owner.patch(`/investigations/${closed.body.id}`, {
    status: 'closed',
    outcome: 'benign',
    outcomeReason: 'Approved work.',
  });
});
afterAll(async () => {
  await t.close();
});

describe('dashboard figures', () => {
  it('count only what the caller may see', async () => {
    expect((await owner.get(`${base}/count`)).body).toEqual({ count: 4 });
    expect((await owner.get(`${base}/active-count`)).body).toEqual({ count: 3 });
    expect((await owner.get(`${base}/high-risk-count`)).body).toEqual({ count: 2 });
    expect((await owner.get(`${base}/today-count`)).body).toEqual({ count: 4 });
    expect((await stranger.get(`${base}/count`)).body).toEqual({ count: 0 });
  });

  it('count today in the caller’s time zone: a case from just before its midnight is yesterday’s', async () => {
    // Kiritimati is UTC+14 all year: its day starts at 10:00 UTC of the day before.
    const hour = 3_600_000;
    const day = 24 * hour;
    const midnight = Math.floor((Date.now() + 14 * hour) / day) * day - 14 * hour;
    const night = await t.signInAs('investigator');
    const open = async (createdAt: number) => {
      const reply = await night.post('/investigations', {
        title: 'Night case',
        subjectEmployeeId: 'E1006',
      });
      await t.db
        .updateTable('investigations')
        .set({ created_at: createdAt })
        .where('id', '=', reply.body.id)
        .execute();
    };
    await open(midnight - 60_000);
    await open(midnight);
    await open(Date.now());
    expect((await night.get(`${base}/count`)).body).toEqual({ count: 3 });
    expect((await night.get(`${base}/today-count`, { tz: 'Pacific/Kiritimati' })).body).toEqual({
      count: 2,
    });
    // Pago Pago is UTC-11 all year: which of the three fall on its today depends on the hour.
    const pagoMidnight = Math.floor((Date.now() - 11 * hour) / day) * day + 11 * hour;
    const pagoToday = [midnight - 60_000, midnight, Date.now()].filter(
      (at) => at >= pagoMidnight,
    ).length;
    expect((await night.get(`${base}/today-count`, { tz: 'Pacific/Pago_Pago' })).body).toEqual({
      count: pagoToday,
    });
  });

  it('distribute by risk and type with every bucket present', async () => {
    const risk = await owner.get(`${base}/risk-distribution`);
    expect(risk.body.buckets).toEqual([
      { level: 'low', count: 1 },
      { level: 'medium', count: 0 },
      { level: 'high', count: 2 },
      { level: 'critical', count: 1 },
    ]);
    const types = await owner.get(`${base}/type-distribution`);
    expect(types.body.buckets.find((b: { type: string }) => b.type === 'fraud').count).toBe(2);
    expect(types.body.buckets).toHaveLength(8);
  });

  it('trend has one point per day, today last, with opened and closed counts', async () => {
    const trend = await owner.get<{
      points: Array<{ date: string; opened: number; closed: number }>;
    }>(`${base}/trend`, { days: 7 });
    expect(trend.body.points).toHaveLength(7);
    const today = trend.body.points[6]!;
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    expect(today).toMatchObject({ opened: 4, closed: 1 });
    expect(trend.body.points.slice(0, 6).every((p) => p.opened === 0)).toBe(true);
    expect((await owner.get(`${base}/trend`, { days: 0 })).status).toBe(400);
    expect((await owner.get(`${base}/trend`, { tz: 'Nowhere/Land' })).status).toBe(400);
  });
});
