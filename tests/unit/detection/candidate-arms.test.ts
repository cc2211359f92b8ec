import { afterAll, beforeAll, expect, it } from 'vitest';

import { candidateRules } from '../../../src/server/analysis/alerts/candidate-rules';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { firstStatementPlan } from '../db/sqlite-plan';
import { DAY, HOUR, T0, context, detectionDb, event, rule, store } from './support';

/**
 * A case's counting pass (one arm per activity): an arm whose steps test only the activity and
 * off hours counts from the (employee, activity, time) index on SQLite, reading no row, and
 * counts what the arms that read rows count.
 */
const offHoursLogins = rule({
  id: 'night-logins',
  title: 'Night logins',
  description: 'Test rule.',
  severity: 'low',
  techniques: [],
  condition: {
    steps: [
      {
        name: 'logins',
        match: {
          all: [
            { field: 'activity', eq: 'login' },
            { field: 'off_hours', eq: true },
          ],
        },
        window: '1d',
        atLeast: 3,
      },
    ],
  },
  why: '{logins.count}',
});
const failedLogins = rule({
  ...offHoursLogins,
  id: 'failed-night-logins',
  condition: {
    steps: [
      {
        ...offHoursLogins.condition.steps[0],
        match: {
          all: [
            { field: 'activity', eq: 'login' },
            { field: 'off_hours', eq: true },
            { field: 'outcome', eq: 'failure' },
          ],
        },
      },
    ],
  },
});
const hours = { offsets: [], startHour: 9, endHour: 17 };
const spans = (rules: ReturnType<typeof rule>[]) =>
  rules.map((r) => ({ rule: r, from: T0, to: T0 + 7 * DAY }));

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await detectionDb();
  // E1: three night logins (one failed) and two in the day; E2: two night logins.
  const login = (time: number, outcome: 'success' | 'failure' = 'success') =>
    event({ activity: 'login', time, outcome });
  await store(handle, 'E1', [
    login(T0 + 2 * HOUR),
    login(T0 + 3 * HOUR, 'failure'),
    login(T0 + 22 * HOUR),
    login(T0 + 10 * HOUR),
    login(T0 + 11 * HOUR),
  ]);
  await store(handle, 'E2', [login(T0 + 2 * HOUR), login(T0 + 23 * HOUR)]);
});
afterAll(async () => {
  await handle?.close();
});

it('counts off-hours steps from the index as the row-reading arms do', async () => {
  const ids = async (employeeId: string, byActivity: boolean) =>
    (
      await candidateRules(
        handle.db,
        employeeId,
        spans([offHoursLogins]),
        { ...context, hours },
        byActivity ? { dialect: 'sqlite' } : false,
      )
    ).map((s) => s.rule.id);
  expect(await ids('E1', true)).toEqual(['night-logins']);
  expect(await ids('E1', false)).toEqual(['night-logins']);
  expect(await ids('E2', true)).toEqual([]);
});

it('reads no row for an arm of such steps, and the rows of an arm that tests another column', async () => {
  const plan = (rules: ReturnType<typeof rule>[]) =>
    firstStatementPlan(handle.sqlite!, (db) =>
      candidateRules(db, 'E1', spans(rules), { ...context, hours }, { dialect: 'sqlite' }),
    ).then((lines) => lines.join('\n'));
  const alone = await plan([offHoursLogins]);
  expect(alone).toMatch(/COVERING INDEX events_employee_activity_time/);
  expect(alone).not.toMatch(/PRIMARY KEY|LIST SUBQUERY/);
  expect(await plan([offHoursLogins, failedLogins])).toMatch(/PRIMARY KEY|LIST SUBQUERY/);
});
