import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { engineDb } from '../detection/sigma-databases';
import { DAY, T0, event, store } from '../detection/support';
import { firstStatementPlan } from '../db/sqlite-plan';
import { huntInWindow } from './hunt-window';

const push = (app: string, time: number) =>
  event({ activity: 'repo_push', category: 'repo', app, time });

describe('hunting an activity within an app on SQLite', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await engineDb('sqlite');
    await store(handle, 'E1', [
      push('GitHub', T0),
      push('GitHub', T0 + DAY),
      push('GitLab', T0 + DAY),
      event({ activity: 'repo_clone', category: 'repo', app: 'GitHub', time: T0 }),
    ]);
    await store(handle, 'E2', [push('github', T0 + 2 * DAY), push('GitHub', T0 + 40 * DAY)]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('finds the pushes to the app, any case, in the range, newest first', async () => {
    const page = await huntInWindow(handle.db, 'app:GitHub AND activity:repo_push');
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => [r.employee_id, r.time])).toEqual([
      ['E2', T0 + 2 * DAY],
      ['E1', T0 + DAY],
      ['E1', T0],
    ]);
  });

  it('counts them from the activity-and-app index alone, reading no event', async () => {
    const plan = await firstStatementPlan(
      handle.sqlite!,
      (db) => huntInWindow(db, 'app:GitHub AND activity:repo_push'),
      (sql) => /count\(/i.test(sql),
    );
    expect(plan.join(' | ')).toContain('USING COVERING INDEX events_hunt_activity_app');
  });
});
