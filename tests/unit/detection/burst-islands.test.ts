import { describe, expect, it } from 'vitest';

import { burstIslands } from '../../../src/server/analysis/rules/burst-islands';
import type { IslandShape } from '../../../src/server/analysis/rules/burst-islands';

const HOUR = 3_600_000;
const shape = (fields: Partial<IslandShape>): IslandShape => ({
  windowMs: HOUR,
  atLeast: 3,
  measure: 'count',
  baseline: false,
  maxBursts: 100,
  ...fields,
});
const times = (hours: number[]) => Float64Array.from(hours.map((h) => h * HOUR));

describe('burst islands', () => {
  it('merges overlapping windows and counts events at one instant once each', () => {
    // 3 at 10:00 (one instant), 1 at 10:30, 1 at 11:20 (its window from 10:30 holds 2 only).
    const found = burstIslands(
      { times: times([10, 10, 10, 10.5, 11 + 1 / 3]), values: null, sums: null },
      shape({}),
    );
    expect(found).toEqual([
      {
        first: 10 * HOUR,
        last: 10.5 * HOUR,
        count: 4,
        distinct: 0,
        sum: null,
        other: 0,
        active: 0,
      },
    ]);
  });

  it('a window whose end is exactly one window after its start still holds that event', () => {
    const found = burstIslands(
      { times: times([1, 1.5, 2]), values: null, sums: null },
      shape({ atLeast: 3 }),
    );
    expect(found.map((b) => b.count)).toEqual([3]);
  });

  it('sums only the events that have a value, and a window of none does not meet', () => {
    const events = { times: times([1, 1.1, 1.2, 5]), values: null, sums: [null, 40, 70, null] };
    expect(burstIslands(events, shape({ measure: 'sum', atLeast: 100 }))).toEqual([
      { first: HOUR, last: 1.2 * HOUR, count: 3, distinct: 0, sum: 110, other: 0, active: 0 },
    ]);
    expect(burstIslands(events, shape({ measure: 'sum', atLeast: 0 })).map((b) => b.first)).toEqual(
      [HOUR],
    );
  });

  it('keeps a distinct burst only when its values reach the threshold, nulls aside', () => {
    const events = {
      times: times([1, 1.1, 1.2, 3, 3.1, 3.2]),
      values: ['a', 'a', null, 'a', 'b', 'c'],
      sums: null,
    };
    expect(
      burstIslands(events, shape({ measure: 'distinct' })).map((b) => [b.first, b.distinct]),
    ).toEqual([[3 * HOUR, 3]]);
  });

  it('with a baseline, counts the events outside and the windows not held whole', () => {
    // Windows (tiles) 0, 1, 3 have events; the burst holds all of tile 3 and nothing else.
    const events = { times: times([0.5, 1.5, 3.1, 3.2, 3.3]), values: null, sums: null };
    expect(burstIslands(events, shape({ baseline: true }))).toEqual([
      {
        first: 3.1 * HOUR,
        last: 3.3 * HOUR,
        count: 3,
        distinct: 0,
        sum: null,
        other: 2,
        active: 2,
      },
    ]);
  });

  it(`numbers islands past the limit but measures only the first ones`, () => {
    const events = { times: times([0, 0, 0, 5, 5, 5, 9, 9, 9]), values: null, sums: null };
    expect(burstIslands(events, shape({ maxBursts: 2 })).map((b) => b.first)).toEqual([
      0,
      5 * HOUR,
    ]);
  });
});
