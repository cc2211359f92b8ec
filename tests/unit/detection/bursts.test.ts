import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_BURSTS, findBursts } from '../../../src/server/analysis/rules/find-bursts';
import type { RuleStep } from '../../../src/server/analysis/rules/rule-schema';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { firstStatementPlan } from '../db/sqlite-plan';
import { ENGINES, contextFor, engineDb } from './sigma-databases';
import { DAY, HOUR, T0, event, rule, store } from './support';

const MINUTE = 60_000;
/** Midnight UTC: windows of an hour are aligned on the hour from here. */
const D = T0 + DAY;

function step(fields: Record<string, unknown>): RuleStep {
  return rule({
    id: 'bursts',
    title: 'Bursts',
    description: 'Test rule.',
    severity: 'low',
    techniques: [],
    condition: {
      steps: [{ name: 'logins', match: { all: [{ field: 'activity', eq: 'login' }] }, ...fields }],
    },
    why: '{logins.count}',
  }).condition.steps[0]!;
}

describe.each(ENGINES)('bursts on %s', (dialect) => {
  let handle: DatabaseHandle;
  const logins = (employeeId: string, times: number[]) =>
    store(
      handle,
      employeeId,
      times.map((time) => event({ activity: 'login', category: 'auth', time })),
    );
  const bursts = (employeeId: string, fields: Record<string, unknown>) =>
    findBursts(
      handle.db,
      step(fields),
      { employeeId, department: 'Sales', from: T0, to: T0 + 30 * DAY },
      contextFor(dialect),
    );

  beforeAll(async () => {
    handle = await engineDb(dialect);
    // E1: a burst of 4 in 15 minutes across the 01:00 boundary, one login 53 minutes after it
    // (in the burst's second hour, outside the burst), one at 05:00, and 5 at the same instant
    // at 10:00.
    await logins('E1', [
      ...[50, 55, 60, 65, 118].map((m) => D + m * MINUTE),
      D + 5 * HOUR,
      ...Array.from({ length: 5 }, () => D + 10 * HOUR),
    ]);
    // E2: one login every two hours, more bursts than a run keeps.
    await logins(
      'E2',
      Array.from({ length: MAX_BURSTS + 1 }, (_, i) => D + i * 2 * HOUR),
    );
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('holds every event of the span its windows cover, and measures the rest against windows with events outside it', async () => {
    // Outside the first burst: 7 logins in 3 of the 4 hours with logins (the hour it shares
    // with the login at 01:58 counts); outside the second: 6 logins in 3 hours.
    expect(await bursts('E1', { window: '1h', atLeast: 4, baseline: { times: 1 } })).toEqual([
      {
        first: D + 50 * MINUTE,
        last: D + 65 * MINUTE,
        count: 4,
        distinct: null,
        sum: null,
        usual: 7 / 3,
      },
      { first: D + 10 * HOUR, last: D + 10 * HOUR, count: 5, distinct: null, sum: null, usual: 2 },
    ]);
    // 4 is less than 2.5 x 7/3; 5 is 2.5 x 2.
    const strict = await bursts('E1', { window: '1h', atLeast: 4, baseline: { times: 2.5 } });
    expect(strict.map((b) => b.first)).toEqual([D + 10 * HOUR]);
  });

  it('merges windows that overlap into one burst', async () => {
    // The windows from 00:50, 00:55 and 01:00 hold 3 or more; the last reaches 01:58.
    expect(await bursts('E1', { window: '1h', atLeast: 3 })).toEqual([
      {
        first: D + 50 * MINUTE,
        last: D + 118 * MINUTE,
        count: 5,
        distinct: null,
        sum: null,
        usual: null,
      },
      {
        first: D + 10 * HOUR,
        last: D + 10 * HOUR,
        count: 5,
        distinct: null,
        sum: null,
        usual: null,
      },
    ]);
  });

  it('with a baseline, finds no burst unless the subject was seen in a whole window outside it', async () => {
    // E3: 5 logins at 10:00 and nothing else, then something else than a login at 20:00.
    await logins(
      'E3',
      Array.from({ length: 5 }, () => D + 10 * HOUR),
    );
    const burst = {
      first: D + 10 * HOUR,
      last: D + 10 * HOUR,
      count: 5,
      distinct: null,
      sum: null,
    };
    expect(await bursts('E3', { window: '1h', atLeast: 5 })).toEqual([{ ...burst, usual: null }]);
    expect(await bursts('E3', { window: '1h', atLeast: 5, baseline: { times: 2 } })).toEqual([]);
    await store(handle, 'E3', [event({ activity: 'file_view', time: D + 20 * HOUR })]);
    expect(await bursts('E3', { window: '1h', atLeast: 5, baseline: { times: 2 } })).toEqual([
      { ...burst, usual: 0 },
    ]);
  });

  it(`keeps the first ${MAX_BURSTS} bursts`, async () => {
    const found = await bursts('E2', { window: '1m', atLeast: 1 });
    expect(found).toHaveLength(MAX_BURSTS);
    expect(found[0]).toMatchObject({ first: D, last: D, count: 1 });
    expect(found[MAX_BURSTS - 1]!.first).toBe(D + (MAX_BURSTS - 1) * 2 * HOUR);
  });
  it('finds the same bursts in events stored out of time order', async () => {
    const times = [
      ...[118, 60, 50, 65, 55].map((m) => D + m * MINUTE),
      D + 10 * HOUR,
      D + 5 * HOUR,
      ...Array.from({ length: 4 }, () => D + 10 * HOUR),
    ];
    await logins('E5', times);
    for (const fields of [
      { window: '1h', atLeast: 3 },
      { window: '15m', atLeast: 2 },
      { window: '1h', atLeast: 2, baseline: { times: 2 } },
    ])
      expect(await bursts('E5', fields)).toEqual(await bursts('E1', fields));
  });

  it.runIf(dialect === 'sqlite')(
    'reads the times of a counted step as one array, through the activity index, unsorted',
    async () => {
      const plan = await firstStatementPlan(
        handle.sqlite!,
        (db) =>
          findBursts(
            db,
            step({ window: '1h', atLeast: 3 }),
            { employeeId: 'E1', department: 'Sales', from: T0, to: T0 + 30 * DAY },
            contextFor(dialect),
          ),
        (text) => text.includes('json_group_array'),
      );
      expect(plan.join('\n')).toMatch(/COVERING INDEX events_employee_activity_time/);
      expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    },
  );
});
