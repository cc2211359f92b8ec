import { expect } from 'vitest';

import type { ApiClient, TestApp } from '../../support/test-app';

/** A case's window, as POST /investigations takes it. */
export interface CaseWindow {
  windowStart: string;
  windowEnd: string;
}

/**
 * Opens a case about an employee over a window, marked as analysed (the findings answer at
 * once); returns a GET of the case's paths that expects a 200, with the case's id.
 */
export async function caseAbout(
  t: TestApp,
  client: ApiClient,
  employeeId: string,
  window: CaseWindow,
) {
  const reply = await client.post('/investigations', {
    title: `Figures of ${employeeId}`,
    subjectEmployeeId: employeeId,
    ...window,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const id = reply.body.id as string;
  await t.db
    .updateTable('investigations')
    .set({ analysis_state: 'idle' })
    .where('id', '=', id)
    .execute();
  const get = async <T = any>(path: string, query?: Record<string, string | number>) => {
    const got = await client.get<T>(`/investigations/${id}/${path}`, query);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    return got.body;
  };
  return Object.assign(get, { id });
}
