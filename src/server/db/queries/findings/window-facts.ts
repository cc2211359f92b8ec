import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

import {
  contactFactsSelect,
  dailyFactsSelect,
  deletionHoursSelect,
  halfhourFactsSelect,
} from './rollups';
import type { RollupBuild } from './rollups';
import { DAY_MS, HALF_HOUR_MS } from './sql-parts';

/** A span of time, UTC epoch ms, end exclusive. */
export interface FindingsWindow {
  start: number;
  end: number;
}

/**
 * Rows of a rollup for a window, exact to the millisecond: whole grains come from the rollup
 * table, the partial grains at either edge are computed from events on the fly. For the usual
 * day-aligned windows the second part is empty.
 */
function windowed(
  window: FindingsWindow,
  grain: number,
  fromRollup: (firstGrain: number, endGrain: number) => RawBuilder<unknown>,
  fromEvents: (from: number, to: number) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const first = Math.ceil(window.start / grain);
  const end = Math.floor(window.end / grain);
  if (first >= end) return sql`(${fromEvents(window.start, window.end)})`;
  const parts = [fromRollup(first, end)];
  if (window.start < first * grain) parts.push(fromEvents(window.start, first * grain));
  if (end * grain < window.end) parts.push(fromEvents(end * grain, window.end));
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** event_daily rows of the subject over the window, as a derived table. */
export function dailyFacts(build: RollupBuild, window: FindingsWindow): RawBuilder<unknown> {
  return windowed(
    window,
    DAY_MS,
    (
      first,
      end,
    ) => sql`select employee_id, day, category, activity, app, label, destination, item, outcome,
        n, bytes, off_hours, first_time, last_time
      from event_daily where employee_id = ${build.employeeId} and day >= ${first} and day < ${end}`,
    (from, to) => dailyFactsSelect(build, from, to),
  );
}

/** event_halfhours rows of the subject over the window. */
export function halfhourFacts(build: RollupBuild, window: FindingsWindow): RawBuilder<unknown> {
  return windowed(
    window,
    HALF_HOUR_MS,
    (first, end) => sql`select employee_id, bucket, n from event_halfhours
      where employee_id = ${build.employeeId} and bucket >= ${first * HALF_HOUR_MS} and bucket < ${end * HALF_HOUR_MS}`,
    (from, to) => halfhourFactsSelect(build, from, to),
  );
}

/** event_contacts rows of the subject over the window. */
export function contactFacts(build: RollupBuild, window: FindingsWindow): RawBuilder<unknown> {
  return windowed(
    window,
    DAY_MS,
    (
      first,
      end,
    ) => sql`select employee_id, day, counterpart, kind, external, n, first_time, last_time
      from event_contacts where employee_id = ${build.employeeId} and day >= ${first} and day < ${end}`,
    (from, to) => contactFactsSelect(build, from, to),
  );
}

/** event_deletion_hours rows of the subject over the window. */
export function deletionHourFacts(build: RollupBuild, window: FindingsWindow): RawBuilder<unknown> {
  return windowed(
    window,
    3_600_000,
    (
      first,
      end,
    ) => sql`select employee_id, hour, files, mail, messages, labelled from event_deletion_hours
      where employee_id = ${build.employeeId} and hour >= ${first} and hour < ${end}`,
    (from, to) => deletionHoursSelect(build, from, to),
  );
}
