import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { halfhourFactsSelect } from '../../../src/server/db/queries/findings/rollups';
import type { RollupBuild } from '../../../src/server/db/queries/findings/rollups';
import { detectionDb, event, store, T0 } from '../detection/support';
import { firstStatementPlan } from '../db/sqlite-plan';

/**
 * event_halfhours' rows on SQLite come from a walk over the non-empty half hours, each counted
 * through the (employee, time) index, not from a GROUP BY that sorts every event of the range.
 */
const HALF_HOUR = 1_800_000;
const MINUTE = 60_000;
const build: RollupBuild = {
  employeeId: 'E1',
  dialect: 'sqlite',
  clock: { offsets: [], startHour: 9, endHour: 17 },
  companyDomains: [],
};

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await detectionDb();
  // Three in the first half hour (one on its last millisecond), none in the next two, two
  // in the fourth (one on its first millisecond), one a day later; another person's between.
  const times = [0, 7 * MINUTE, HALF_HOUR - 1, 3 * HALF_HOUR, 3 * HALF_HOUR + 1, 48 * HALF_HOUR];
  await store(
    handle,
    'E1',
    times.map((t) => event({ activity: 'login', time: T0 + t })),
  );
  await store(handle, 'E2', [event({ activity: 'login', time: T0 + HALF_HOUR })]);
});
afterAll(async () => {
  await handle?.close();
});

async function rows(from: number, to: number): Promise<Array<[string, number, number]>> {
  const { rows } = await sql<{ employee_id: string; bucket: number; n: number }>`
    select * from (${halfhourFactsSelect(build, from, to)}) f order by bucket`.execute(handle.db);
  return rows.map((r) => [r.employee_id, Number(r.bucket), Number(r.n)]);
}

it('counts the events of each non-empty half hour in the range, and no other', async () => {
  expect(await rows(T0, T0 + 2 * 24 * 60 * MINUTE)).toEqual([
    ['E1', T0, 3],
    ['E1', T0 + 3 * HALF_HOUR, 2],
    ['E1', T0 + 48 * HALF_HOUR, 1],
  ]);
});

it('keeps a half hour the range cuts to the events inside the range', async () => {
  expect(await rows(T0 + 5 * MINUTE, T0 + 3 * HALF_HOUR + 1)).toEqual([
    ['E1', T0, 2],
    ['E1', T0 + 3 * HALF_HOUR, 1],
  ]);
  expect(await rows(T0 + HALF_HOUR, T0 + 3 * HALF_HOUR)).toEqual([]);
});

it('reads the (employee, time) index without sorting the events', async () => {
  const plan = await firstStatementPlan(handle.sqlite!, (db) =>
    sql`select * from (${halfhourFactsSelect(build, T0, T0 + 10 * HALF_HOUR)})`.execute(db),
  );
  expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  expect(plan.join('\n')).toMatch(/COVERING INDEX events_employee_time/);
});
