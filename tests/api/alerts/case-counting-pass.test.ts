import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testsIndexOnly } from '../../../src/server/analysis/alerts/candidate-rules';
import { countCaseSteps } from '../../../src/server/analysis/alerts/case-counting-pass';
import type { CountedStep } from '../../../src/server/analysis/alerts/case-counting-pass';
import { compileFilter } from '../../../src/server/analysis/rules/compile-filter';
import type { FilterContext } from '../../../src/server/analysis/rules/compile-filter';
import type { Filter } from '../../../src/server/analysis/rules/filter-types';
import { pinnedActivities } from '../../../src/server/analysis/rules/validate-filter';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { upsertEmployees } from '../../../src/server/db/queries/employees';
import {
  DAY,
  T0,
  context as sqliteContext,
  employee,
  event,
  store,
} from '../../unit/detection/support';
import { openTestDatabase, testDialect } from '../support/test-database';

/**
 * A case's counting pass sends each row by its activity to the steps that name it, and gives
 * each step the number of the person's events it matches: checked against counting each step
 * on its own, with more steps on one activity than one mask holds (30), steps on several
 * activities, a step that names none, a step over part of the span, and another person's events.
 */
const dialect = testDialect();
const context: FilterContext = {
  ...sqliteContext,
  dialect,
  hours: { offsets: [], startHour: 9, endHour: 17 },
};
const FROM = T0;
const TO = T0 + 14 * DAY;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await upsertEmployees(handle.db, [employee('E1', 'Sales'), employee('E2', 'Sales')], 0);
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => {
      const activity = (['login', 'file_view', 'file_download', 'chat_message'] as const)[i % 4]!;
      return event({
        activity,
        time: T0 + i * 80 * 60_000 + (i % 7) * 60_000,
        source: i % 3 === 0 ? 'okta' : 'm365',
        outcome: i % 5 === 0 ? 'failure' : 'success',
        app: `app-${i % 37}`,
      });
    });
  await store(handle, 'E1', rows(240));
  await store(handle, 'E2', rows(90));
});
afterAll(async () => {
  await handle?.close();
});

/** The steps of a test: each named, compiled as the counting pass's caller does. */
function steps(filters: Filter[], span?: { from: number; to: number }): CountedStep[] {
  return filters.map((filter, i) => {
    const tests = [
      ...(span ? [sql`e.time >= ${span.from} and e.time < ${span.to}`] : []),
      compileFilter(filter, 'e', context),
    ];
    return {
      name: `s${i}`,
      test: sql`${sql.join(tests, sql` and `)}`,
      activities: pinnedActivities(filter),
      indexOnly: testsIndexOnly(filter),
    };
  });
}

/** Each step counted on its own: the events of E1 in the span that its test holds for. */
async function oneByOne(list: CountedStep[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const step of list) {
    const result = await sql<{ n: number | string }>`
      select count(*) as n from events as e
      where e.employee_id = ${'E1'} and e.time >= ${FROM} and e.time < ${TO}
        and ${step.test}`.execute(handle.db);
    counts.set(step.name, Number(result.rows[0]!.n));
  }
  return counts;
}

/** Counts the steps in one pass, expects each step's count alone, and returns those counts. */
async function sameAsOneByOne(list: CountedStep[]): Promise<Map<string, number>> {
  const counted = await countCaseSteps(handle.db, dialect, 'E1', list, {
    from: FROM,
    to: TO,
    clocks: false,
  });
  const expected = await oneByOne(list);
  for (const step of list) expect(counted.get(step.name) ?? 0).toBe(expected.get(step.name));
  return expected;
}

const login = (app: string): Filter => ({
  all: [
    { field: 'activity', eq: 'login' },
    { field: 'app', eq: app },
  ],
});

describe(`on ${dialect}`, () => {
  it('counts each step as counting it alone does, past one mask of 30 steps', async () => {
    const list = steps([
      ...Array.from({ length: 34 }, (_, i) => login(`app-${i}`)),
      {
        all: [
          { field: 'activity', in: ['file_view', 'file_download'] },
          { field: 'outcome', eq: 'failure' },
        ],
      },
      {
        all: [
          { field: 'source', eq: 'okta' },
          { field: 'activity', in: ['file_view', 'login'] },
        ],
      },
      {
        all: [
          { field: 'source', eq: 'm365' },
          { field: 'activity', eq: 'login' },
          { field: 'outcome', eq: 'failure' },
        ],
      },
      { field: 'activity', eq: 'email_send' },
    ]);
    const expected = await sameAsOneByOne(list);
    expect([...expected.values()].filter((n) => n > 0).length).toBeGreaterThan(30);
  });

  it('tests a step that names no activity on every row, beside the pinned ones', async () => {
    const list = steps([
      { field: 'outcome', eq: 'failure' },
      login('app-3'),
      { field: 'activity', eq: 'chat_message' },
      {
        all: [
          { field: 'activity', eq: 'chat_message' },
          { field: 'off_hours', eq: true },
        ],
      },
    ]);
    const expected = await sameAsOneByOne(list);
    expect(expected.get('s0')).toBeGreaterThan(0);
  });

  it('counts steps read from the index alone and a step over part of the span', async () => {
    const list = [
      ...steps([
        { field: 'activity', eq: 'chat_message' },
        {
          all: [
            { field: 'activity', eq: 'chat_message' },
            { field: 'off_hours', eq: true },
          ],
        },
        login('app-0'),
      ]),
      ...steps([{ field: 'activity', in: ['login', 'chat_message'] }], {
        from: T0 + 3 * DAY,
        to: T0 + 9 * DAY,
      }).map((step) => ({ ...step, name: 'part' })),
    ];
    const expected = await sameAsOneByOne(list);
    expect(expected.get('part')).toBeGreaterThan(0);
    expect(expected.get('part')).toBeLessThan((expected.get('s0') ?? 0) * 2);
  });
});
