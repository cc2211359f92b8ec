import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { insertAlert } from './insert-alert';

let t: TestApp;
let analyst: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function history(caseId: string): Promise<string[]> {
  const reply = await analyst.get<any>(`/investigations/${caseId}/activity`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body.entries as any[]).map((entry) => entry.summary);
}

describe('a case opened from an alert', () => {
  it('says in its history which alert opened it, and each alert added to it later', async () => {
    const [person] = await t.db.selectFrom('employees').select('id').limit(1).execute();
    await insertAlert(t, {
      id: 'h-crit',
      employeeId: person!.id,
      severity: 'critical',
      daysAgo: 2,
    });
    await insertAlert(t, { id: 'h-high', employeeId: person!.id, severity: 'high', daysAgo: 1 });

    const opened = await analyst.post<any>('/alerts/h-crit/investigation', {});
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.created).toBe(true);
    const caseId = opened.body.investigationId as string;
    expect(await history(caseId)).toEqual([
      'Opened the investigation from the critical alert “Mass copy h-crit”',
    ]);

    const joined = await analyst.post<any>('/alerts/h-high/investigation', {});
    expect(joined.body).toMatchObject({ investigationId: caseId, created: false });
    expect(await history(caseId)).toEqual([
      'Added the high alert “Mass copy h-high” to the investigation',
      'Opened the investigation from the critical alert “Mass copy h-crit”',
    ]);
  });
});
