import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { appUsersAmong } from '../../../src/server/db/queries/findings/peer-apps';
import { ENGINES, engineDb } from '../detection/sigma-databases';
import { DAY, T0, event, store } from '../detection/support';
import { firstStatementPlan } from './sqlite-plan';

const signIn = (app: string, time: number) =>
  event({ activity: 'app_access', category: 'app', app, time });

describe.each(ENGINES)("the peers' app users on %s", (dialect) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await engineDb(dialect);
    await store(handle, 'E1', [signIn('Workday', T0), signIn('Workday', T0 + DAY)]);
    await store(handle, 'E2', [
      signIn('Workday', T0 + 2 * DAY),
      signIn('Zoom', T0 + 2 * DAY),
      // After the end: not counted.
      signIn('Figma', T0 + 20 * DAY),
      // Before the start: not counted.
      signIn('Slack', T0 - 3 * DAY),
      // Not an app event: never a sign-in to the app, whatever its app column says.
      event({ activity: 'file_download', category: 'file', app: 'Figma', time: T0 }),
    ]);
    await store(handle, 'E3', [signIn('Zoom', T0), signIn('Figma', T0)]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('counts each person once per app, among the given people, within the span', async () => {
    const users = await appUsersAmong(
      handle.db,
      ['E1', 'E2'],
      ['Workday', 'Zoom', 'Figma', 'Slack'],
      {
        start: T0 - DAY,
        end: T0 + 10 * DAY,
      },
    );
    expect(Object.fromEntries(users)).toEqual({ Workday: 2, Zoom: 1 });
  });

  it.runIf(dialect === 'sqlite')('reads only the app-users index on SQLite', async () => {
    const plan = await firstStatementPlan(handle.sqlite!, (db) =>
      appUsersAmong(db, ['E1', 'E2'], ['Workday', 'Zoom'], { start: T0 - DAY, end: T0 + 10 * DAY }),
    );
    expect(plan.join(' | ')).toContain('USING COVERING INDEX events_app_users');
  });
});
