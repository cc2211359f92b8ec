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
  observed: number | string;
}

/**
 * Finds the step's bursts in one statement, all aggregation in the database, in a few passes
 * over the step's events in time order (nothing joins events to events or to bursts):
 * 1. `m`: the subject's matching events in the window (read through the activity index);
 * 2. `w`: for each event, the count (or sum) of events in the `window` that starts with it,
 *    and the time of the last of them (a RANGE window frame); `last_value`, not `max`: the
 *    frame is in time order, so they are equal, and PostgreSQL computes `max` over a moving
 *    frame again for every row (it cannot take a row out of a max), which made this step
 *    quadratic: 25+ minutes for 530,000 off-hours events (after-hours-shift, 1M events);
 * 3. `z`: starts that meet `atLeast` are merged into bursts where their windows overlap (gaps
 *    and islands: a start no earlier start's window reaches begins a new one), and every
 *    event gets the number of the last burst begun at or before its time, and whether a
 *    start's window reaches it: the events a burst holds are those of its span;
 * 4. each of the first MAX_BURSTS bursts is measured over its events: count, distinct values,
 *    sum, and (with a baseline) the subject's matching events outside it (all of them but its
 *    own) and the windows they fall in (windows aligned on multiples of the window length:
 *    all windows with events but those whose every event lies in the burst), and whether the
 *    subject has any event in a whole window outside it (a burst without one is dropped).
 * `m` is materialized on purpose: inlined, SQLite read it through the (employee, time) index
 * to skip a sort. A distinct measure is checked over the whole burst, after the count has
 * reached the threshold within one window (which it must, to hold that many distinct values).
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
  // Counting distinct values sorts the burst's events: only a distinct measure pays for it.
  const [distinctCount, distinctHaving] =
    measure !== 'count' && 'distinct' in measure
      ? [sql`count(distinct v)`, sql`having count(distinct v) >= ${sql.lit(step.atLeast)}`]
      : [sql`0`, sql``];
  // Windows (tiles) with events, and per burst those whose events all lie in it.
  const tiles = step.baseline
    ? sql`,
    t as (
      select min(island) as island, case when min(inside) = 1 and min(island) = max(island) then 1 else 0 end as whole
      from z group by time / ${sql.lit(windowMs)}
    ),
    k as (select island, count(*) as whole from t where whole = 1 group by island)`
    : sql``;
  // Whether the subject did anything at all in a whole window of the investigation window
  // outside the burst (before the window the burst begins in, or after the one it ends in):
  // two seeks on the (employee, time) index per burst.
  const tile = sql.lit(windowMs);
  const seenBetween = (from: RawBuilder<unknown>, to: RawBuilder<unknown>) =>
    sql`exists (select 1 from events as o
      where o.employee_id = ${scope.employeeId} and o.time >= ${from} and o.time < ${to})`;
  const baseline = step.baseline
    ? sql`, (select count(*) from m) - b.n as other, (select count(*) from t) - coalesce(k.whole, 0) as active,
      case when ${seenBetween(sql`${scope.from}`, sql`(b.first / ${tile}) * ${tile}`)}
        or ${seenBetween(sql`(b.last / ${tile} + 1) * ${tile}`, sql`${scope.to}`)}
        then 1 else 0 end as observed
    from b left join k on k.island = b.island`
    : sql`, 0 as other, 0 as active, 0 as observed from b`;
  const result = await sql<BurstRow>`
    with m as materialized (
      select e.id, e.time, ${distinct} as v, ${summed} as s
      from events as e
      where e.employee_id = ${scope.employeeId} and e.time >= ${scope.from} and e.time < ${scope.to}
        and ${stepCondition(step, 'e', scope, context)}
    ),
    w as (
      select id, time, v, s, count(*) over win as n, sum(s) over win as total, last_value(time) over win as reach
      from m
      window win as (order by time range between current row and ${sql.lit(windowMs)} following)
    ),
    c as (select id, time, v, s, case when ${meets} then reach end as reach from w),
    g as (
      select time, v, s, reach,
        case when reach is null then 0
          when max(reach) over (order by time, id rows between unbounded preceding and 1 preceding) >= time then 0
          else 1 end as fresh
      from c
    ),
    z as (
      select time, v, s, sum(fresh) over upto as island,
        case when max(reach) over upto >= time then 1 else 0 end as inside
      from g
      window upto as (order by time range between unbounded preceding and current row)
    ),
    b as (
      select island, min(time) as first, max(time) as last, count(*) as n, ${distinctCount} as d, sum(s) as s
      from z where inside = 1 and island <= ${sql.lit(MAX_BURSTS)}
      group by island
      ${distinctHaving}
    )${tiles}
    select b.first, b.last, b.n, b.d, b.s ${baseline}
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
      // A burst with no whole window outside it in which the subject was seen has nothing to
      // be compared with: its "usual" would be a zero nobody measured, and a habit that fills
      // the investigation window (after hours every week) would read as a change. No hit.
      if (Number(row.observed) !== 1) continue;
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
