import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';

import type { Database } from '../../db/schema';
import { compileFilter } from './compile-filter';
import type { FilterContext } from './compile-filter';
import { durationMs } from './durations';
import { resolveField } from './fields';
import type { RuleStep } from './rule-schema';
import { pinnedActivities } from './validate-filter';
import type { StepFacts } from './why';

/** Whose events a rule reads, and when: the subject and the investigation window [from, to). */
export interface AnalysisScope {
  employeeId: string;
  /** The subject's department, for peer comparisons (null: no peers, every value is unseen). */
  department: string | null;
  from: number;
  to: number;
}

/** One burst of a step: a stretch where the step's threshold is met, and what it holds. */
export type Burst = StepFacts;

/** At most this many bursts per step and run; a subject that always meets a threshold still gives a bounded answer. */
export const MAX_BURSTS = 100;

function column(name: string): string {
  const field = resolveField(name);
  if (!field || !('column' in field)) throw new Error(`"${name}" cannot be measured.`);
  return field.column;
}

/**
 * The step's filter for the events table aliased `alias`, including the peer condition: with
 * `peers`, an event counts only if nobody else in the subject's department produced the same
 * value of the field with an event that matches the step in the window.
 */
export function stepCondition(
  step: RuleStep,
  alias: string,
  scope: AnalysisScope,
  context: FilterContext,
): RawBuilder<SqlBool> {
  const own = compileFilter(step.match, alias, context);
  if (!step.peers || scope.department === null) return own;
  const field = sql.ref(`p.${column(step.peers.unseen)}`);
  const mine = sql.ref(`${alias}.${column(step.peers.unseen)}`);
  const activities = pinnedActivities(step.match) ?? [];
  return sql<SqlBool>`(${own} and not exists (
    select 1 from events as p
    inner join employees as pe on pe.id = p.employee_id
    where pe.department = ${scope.department} and p.employee_id <> ${scope.employeeId}
      and p.activity in (${sql.join(activities)})
      and p.time >= ${scope.from} and p.time < ${scope.to}
      and ${field} = ${mine}
      and ${compileFilter(step.match, 'p', context)}))`;
}

interface BurstRow {
  first: number | string;
  last: number | string;
  n: number | string;
  d: number | string | null;
  s: number | string | null;
  other: number | string;
  active: number | string;
}

/**
 * Finds the step's bursts in one statement, all aggregation in the database:
 * 1. `m`: the subject's matching events in the window (read through the activity index);
 * 2. `w`: for each event, the count (or sum) of events in the `window` that starts with it,
 *    and the time of the last of them (a RANGE window frame);
 * 3. starts that meet `atLeast` are merged into bursts where their windows overlap
 *    (gaps and islands with lag and a running sum);
 * 4. each burst is measured over all its events: count, distinct values, sum, and (with a
 *    baseline) the subject's matching events outside it and the windows they fall in
 *    (windows aligned on multiples of the window length).
 * `m` and `b` are materialized on purpose: inlined, SQLite re-ran the whole pipeline for every
 * event joined to a burst, and read `m` through the (employee, time) index to skip a sort.
 * A distinct measure is checked over the whole burst, after the count has reached the
 * threshold within one window (which it must, to hold that many distinct values).
 */
export async function findBursts(
  db: Kysely<Database>,
  step: RuleStep,
  scope: AnalysisScope,
  context: FilterContext,
): Promise<Burst[]> {
  const windowMs = durationMs(step.window);
  const measure = step.measure;
  const distinct =
    measure !== 'count' && 'distinct' in measure
      ? sql.ref(`e.${column(measure.distinct)}`)
      : sql`cast(null as text)`;
  const summed =
    measure !== 'count' && 'sum' in measure
      ? sql.ref(`e.${column(measure.sum)}`)
      : sql`cast(null as bigint)`;
  const meets =
    measure !== 'count' && 'sum' in measure
      ? sql`total >= ${sql.lit(step.atLeast)}`
      : sql`n >= ${sql.lit(step.atLeast)}`;
  const baseline = step.baseline
    ? sql`, (select count(*) from m as o where o.time < b.first or o.time > b.last) as other,
        (select count(distinct o.time / ${sql.lit(windowMs)}) from m as o where o.time < b.first or o.time > b.last) as active`
    : sql`, 0 as other, 0 as active`;
  const distinctHaving =
    measure !== 'count' && 'distinct' in measure
      ? sql`having count(distinct m.v) >= ${sql.lit(step.atLeast)}`
      : sql``;
  const result = await sql<BurstRow>`
    with m as materialized (
      select e.id, e.time, ${distinct} as v, ${summed} as s
      from events as e
      where e.employee_id = ${scope.employeeId} and e.time >= ${scope.from} and e.time < ${scope.to}
        and ${stepCondition(step, 'e', scope, context)}
    ),
    w as (
      select id, time, count(*) over win as n, sum(s) over win as total, max(time) over win as reach
      from m
      window win as (order by time range between current row and ${sql.lit(windowMs)} following)
    ),
    c as (select id, time, reach from w where ${meets}),
    g as (
      select id, time, reach,
        case when lag(reach) over (order by time, id) >= time then 0 else 1 end as fresh
      from c
    ),
    i as (
      select time, reach, sum(fresh) over (order by time, id rows between unbounded preceding and current row) as island
      from g
    ),
    b as materialized (
      select min(time) as first, max(reach) as last from i
      group by island order by min(time) limit ${sql.lit(MAX_BURSTS)}
    )
    select b.first, b.last, count(*) as n, count(distinct m.v) as d, sum(m.s) as s ${baseline}
    from b inner join m on m.time >= b.first and m.time <= b.last
    group by b.first, b.last
    ${distinctHaving}
    order by b.first`.execute(db);

  const bursts: Burst[] = [];
  for (const row of result.rows) {
    const first = Number(row.first);
    const last = Number(row.last);
    const count = Number(row.n);
    const burst: Burst = {
      first,
      last,
      count,
      distinct: measure !== 'count' && 'distinct' in measure ? Number(row.d ?? 0) : null,
      sum: measure !== 'count' && 'sum' in measure ? Number(row.s ?? 0) : null,
      usual: null,
    };
    if (step.baseline) {
      // The subject's usual number of matching events in a window of theirs that has any,
      // outside the burst; the burst must hold `times` as many. Windows without such events
      // are left out, or a routine done once a day would look rare next to the quiet nights.
      const active = Number(row.active);
      burst.usual = active === 0 ? 0 : Number(row.other) / active;
      if (count < step.baseline.times * burst.usual) continue;
    }
    bursts.push(burst);
  }
  return bursts;
}
