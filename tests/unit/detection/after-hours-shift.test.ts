import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shippedRules } from '../../../src/server/analysis/rules/load-rules';
import { runRule } from '../../../src/server/analysis/rules/run-rule';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { defaultConfiguration } from '../../../src/shared/schemas/configuration';
import { localClock } from '../../../src/shared/time/local-time';
import { ENGINES, contextFor, engineDb } from './sigma-databases';
import { DAY, HOUR, T0, event, store } from './support';

/** Eight weeks from Monday T0; everyone works 9 to 17 UTC (support.ts's employees). */
const WEEKS = 8;
const scope = (employeeId: string) => ({
  employeeId,
  department: 'Sales',
  from: T0,
  to: T0 + WEEKS * 7 * DAY,
});
const login = (time: number) => event({ activity: 'login', category: 'auth', time });

/** A working day: sign-ins at 10:00, 12:00 and 15:00. */
const workday = (day: number) => [10, 12, 15].map((h) => login(T0 + day * DAY + h * HOUR));
/** A late night: 8 sign-ins from 20:00, every half hour (off hours every day of the week). */
const lateNight = (day: number) =>
  Array.from({ length: 8 }, (_, i) => login(T0 + day * DAY + 20 * HOUR + i * 30 * 60_000));
const days = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const weekdays = (from: number, to: number) => days(from, to).filter((d) => d % 7 < 5);

describe.each(ENGINES)('after-hours-shift on %s', (dialect) => {
  const rule = shippedRules().find((r) => r.id === 'after-hours-shift')!;
  let handle: DatabaseHandle;
  const hits = (employeeId: string) => {
    const { from, to } = scope(employeeId);
    const hours = localClock(
      { timezone: 'UTC', workStartHour: 9, workEndHour: 17 },
      defaultConfiguration,
      { start: from, end: to },
    );
    return runRule(handle.db, rule, scope(employeeId), { ...contextFor(dialect), hours });
  };

  beforeAll(async () => {
    handle = await engineDb(dialect);
    // E1 has always worked late: 56 off-hours sign-ins every week of the window.
    await store(handle, 'E1', [
      ...weekdays(0, 56).flatMap(workday),
      ...days(0, 56).flatMap(lateNight),
    ]);
    // E2 worked days, with two sign-ins on Tuesday evenings, then from the fifth week
    // (Monday 30 November) every night.
    await store(handle, 'E2', [
      ...weekdays(0, 56).flatMap(workday),
      ...[1, 8, 15, 22].flatMap((d) => [19, 19.5].map((h) => login(T0 + d * DAY + h * HOUR))),
      ...days(28, 56).flatMap(lateNight),
    ]);
    // E3's events begin in the fifth week, every night: nothing before to differ from.
    await store(handle, 'E3', [
      ...weekdays(28, 56).flatMap(workday),
      ...days(28, 56).flatMap(lateNight),
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('stays quiet for someone who works late every week of the window: no week to compare with', async () => {
    expect(await hits('E1')).toEqual([]);
  });

  it('stays quiet when the window holds nothing of the subject before the late nights', async () => {
    expect(await hits('E3')).toEqual([]);
  });

  it('fires when the nights begin midway, and says what the weeks before held', async () => {
    const found = await hits('E2');
    expect(found).toHaveLength(1);
    const [hit] = found;
    // 28 nights of 8. Outside them, 8 evening sign-ins in 4 weeks (each Tuesday falls in a
    // different Thursday-to-Thursday week): 2 a week.
    expect(hit!.bursts).toEqual([
      {
        first: T0 + 28 * DAY + 20 * HOUR,
        last: T0 + 55 * DAY + 23.5 * HOUR,
        count: 224,
        distinct: null,
        sum: null,
        usual: 2,
      },
    ]);
    expect(hit!.why).toBe(
      '224 actions outside working hours or at weekends between 2026-11-30 20:00 UTC and ' +
        '2026-12-27 23:30 UTC; the rest of the window holds 2.0 a week on average (weeks ' +
        'without any left out).',
    );
  });
});
