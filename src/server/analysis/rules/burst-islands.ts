/** A step's matching events in time order: their times and, where the measure needs them, values. */
export interface StepEvents {
  times: Float64Array;
  /** The distinct measure's value of each event (null: not counted), or null without one. */
  values: ReadonlyArray<unknown> | null;
  /** The summed field of each event (null: not summed), or null without a sum measure. */
  sums: ReadonlyArray<number | null> | null;
}

/** How a step is measured: its window, its threshold and whether it compares with a baseline. */
export interface IslandShape {
  windowMs: number;
  atLeast: number;
  measure: 'count' | 'distinct' | 'sum';
  baseline: boolean;
  maxBursts: number;
}

/** One island of windows that meet the threshold, with what find-bursts needs to judge it. */
export interface Island {
  first: number;
  last: number;
  count: number;
  /** Distinct non-null values (distinct measure), else 0. */
  distinct: number;
  /** Sum of the summed field, null when no event had one. */
  sum: number | null;
  /** With a baseline: the step's events outside the island. */
  other: number;
  /** With a baseline: windows (tiles of windowMs from the epoch) with events, less those whose every event lies in the island. */
  active: number;
}

/**
 * The bursts of a step from its events in time order, in one pass each (events with equal
 * times in any order):
 * 1. each event starts a window [time, time + windowMs]; it meets the threshold when the events
 *    (or the sum) in that window reach `atLeast`, and then reaches as far as the last of them;
 * 2. a meeting start that no earlier start reaches begins a new island, and an event belongs to
 *    the island begun last at or before it when some start's window reaches it;
 * 3. each of the first `maxBursts` islands is measured: count, distinct values (kept only
 *    when they reach `atLeast`), sum; with a baseline, the events outside it and the windows
 *    with events but those it holds whole.
 * Events of equal time have the same window, so only the first of them can begin an island:
 * the outcome does not depend on their order.
 */
export function burstIslands(events: StepEvents, shape: IslandShape): Island[] {
  const { times, values, sums } = events;
  const { windowMs, atLeast } = shape;
  const total = times.length;
  // Running sums of the summed field and of the events that have one, for window sums.
  let prefixSum: Float64Array | null = null;
  let prefixHas: Int32Array | null = null;
  if (shape.measure === 'sum' && sums) {
    prefixSum = new Float64Array(total + 1);
    prefixHas = new Int32Array(total + 1);
    for (let i = 0; i < total; i++) {
      const s = sums[i];
      prefixSum[i + 1] = prefixSum[i]! + (s ?? 0);
      prefixHas[i + 1] = prefixHas[i]! + (s === null || s === undefined ? 0 : 1);
    }
  }
  const island = new Int32Array(total);
  const inside = new Uint8Array(total);
  let start = 0;
  let end = 0;
  let reachSoFar = Number.NEGATIVE_INFINITY;
  let islands = 0;
  for (let i = 0; i < total; i++) {
    const time = times[i]!;
    if (i === 0 || time !== times[i - 1]) start = i;
    if (end < i) end = i;
    while (end + 1 < total && times[end + 1]! <= time + windowMs) end++;
    let meets: boolean;
    if (prefixSum && prefixHas) {
      const has = prefixHas[end + 1]! - prefixHas[start]!;
      meets = has > 0 && prefixSum[end + 1]! - prefixSum[start]! >= atLeast;
    } else {
      meets = end - start + 1 >= atLeast;
    }
    if (meets) {
      const reach = times[end]!;
      if (!(reachSoFar >= time)) islands++;
      if (reach > reachSoFar) reachSoFar = reach;
    }
    island[i] = islands;
    inside[i] = reachSoFar >= time ? 1 : 0;
  }

  const kept = Math.min(islands, shape.maxBursts);
  const found: Array<Island & { seen: Set<unknown> | null; summed: number }> = [];
  for (let n = 1; n <= kept; n++)
    found.push({
      first: 0,
      last: 0,
      count: 0,
      distinct: 0,
      sum: null,
      other: 0,
      active: 0,
      seen: shape.measure === 'distinct' ? new Set() : null,
      summed: 0,
    });
  for (let i = 0; i < total; i++) {
    if (inside[i] !== 1 || island[i]! > kept) continue;
    const burst = found[island[i]! - 1]!;
    const time = times[i]!;
    if (burst.count === 0) burst.first = time;
    burst.last = time;
    burst.count++;
    const value = values?.[i];
    if (burst.seen && value !== null && value !== undefined) burst.seen.add(value);
    const s = sums?.[i];
    if (shape.measure === 'sum' && s !== null && s !== undefined) {
      burst.summed += s;
      burst.sum = burst.summed;
    }
  }

  // Windows with events; those whose every event is inside one island are that island's.
  let tiles = 0;
  const whole = new Int32Array(kept + 2);
  if (shape.baseline) {
    let i = 0;
    while (i < total) {
      const tile = Math.floor(times[i]! / windowMs);
      let low = island[i]!;
      let high = island[i]!;
      let allInside = inside[i] === 1;
      let j = i + 1;
      while (j < total && Math.floor(times[j]! / windowMs) === tile) {
        low = Math.min(low, island[j]!);
        high = Math.max(high, island[j]!);
        allInside &&= inside[j] === 1;
        j++;
      }
      tiles++;
      if (allInside && low === high && low <= kept) whole[low]!++;
      i = j;
    }
  }

  const out: Island[] = [];
  found.forEach((burst, index) => {
    if (burst.count === 0) return;
    const distinct = burst.seen ? burst.seen.size : 0;
    if (burst.seen && distinct < atLeast) return;
    out.push({
      first: burst.first,
      last: burst.last,
      count: burst.count,
      distinct,
      sum: burst.sum,
      other: shape.baseline ? total - burst.count : 0,
      active: shape.baseline ? tiles - whole[index + 1]! : 0,
    });
  });
  return out;
}
