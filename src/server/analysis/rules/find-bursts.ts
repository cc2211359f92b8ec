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
import { burstIslands } from './burst-islands';

/** Whose events a rule reads, and when: the subject and the investigation window [from, to). */
export interface AnalysisScope {
  employeeId: string;
  /** The subject's department, for peer comparisons (null: no peers, every value is unseen). */
  department: string | null;
  from: number;
  to: number;
  /**
   * The subject's first and last event in the span a baseline is judged over, when the caller
   * read them already (detection, for a batch of people at once; `from` and `to` may then be
   * cut to the events the steps can match).
   */
  seen?: { first: number | null; last: number | null };
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

/**
 * Finds the step's bursts: the database selects the subject's matching events in the window
 * (`m`, read through the activity index; materialized on purpose: inlined, SQLite read it
 * through the (employee, time) index to skip a sort) and returns their times in time order,
 * with the distinct or summed field where the measure needs it; burstIslands measures the
 * windows and merges them into bursts in one pass over them. The same work as window
 * functions in SQL did (a RANGE frame per event, gaps and islands, a group per burst and per
 * tile), at a fraction of the cost: the SQL took 2.4 s of CPU on SQLite and 1.6 s on
 * PostgreSQL for the 605,344 events after-hours-shift matches at 1M events (four sorts and
 * materializations of every row), reading them into the process 0.7 s and 0.8 s.
 * With a baseline, whether the subject did anything at all in a whole window of the
 * investigation window outside a burst (before the window it begins in, or after the one it
 * ends in) is read from the first and last of their events in it: two index seeks.
 */
export async function findBursts(
  db: Kysely<Database>,
  step: RuleStep,
  scope: AnalysisScope,
  context: FilterContext,
): Promise<Burst[]> {
  const windowMs = durationMs(step.window);
  const measure = step.measure;
  const kind = measure === 'count' ? 'count' : 'distinct' in measure ? 'distinct' : 'sum';
  const extra =
    measure !== 'count' && 'distinct' in measure
      ? sql`, ${sql.ref(`e.${column(measure.distinct)}`)} as v`
      : measure !== 'count' && 'sum' in measure
        ? sql`, ${sql.ref(`e.${column(measure.sum)}`)} as v`
        : sql``;
  const condition = sql`e.employee_id = ${scope.employeeId} and e.time >= ${scope.from}
    and e.time < ${scope.to} and ${stepCondition(step, 'e', scope, context)}`;
  // SQLite, a step that counts: its times alone, as one array (countedTimes).
  const timesOnly = kind === 'count' && context.dialect === 'sqlite';
  const rows = timesOnly
    ? []
    : (
        await sql<{ time: number | string; v?: unknown }>`
    with m as materialized (
      select e.time ${extra}
      from events as e
      where ${condition}
    )
    select * from m order by time`.execute(db)
      ).rows;
  const times = timesOnly
    ? await countedTimes(db, condition)
    : Float64Array.from(rows, (row) => Number(row.time));
  const values = kind === 'distinct' ? rows.map((row) => row.v ?? null) : null;
  const sums =
    kind === 'sum'
      ? rows.map((row) => (row.v === null || row.v === undefined ? null : Number(row.v)))
      : null;
  const islands = burstIslands(
    { times, values, sums },
    {
      windowMs,
      atLeast: step.atLeast,
      measure: kind,
      baseline: !!step.baseline,
      maxBursts: MAX_BURSTS,
    },
  );
  const seen =
    step.baseline && islands.length > 0
      ? (scope.seen ?? (await subjectSpan(db, scope)))
      : { first: null, last: null };

  const bursts: Burst[] = [];
  for (const island of islands) {
    const { first, last, count } = island;
    const burst: Burst = {
      first,
      last,
      count,
      distinct: kind === 'distinct' ? island.distinct : null,
      sum: kind === 'sum' ? (island.sum ?? 0) : null,
      usual: null,
    };
    if (step.baseline) {
      // A burst with no whole window outside it in which the subject was seen has nothing to
      // be compared with: its "usual" would be a zero nobody measured, and a habit that fills
      // the investigation window (after hours every week) would read as a change. No hit.
      const observed =
        (seen.first !== null && seen.first < Math.floor(first / windowMs) * windowMs) ||
        (seen.last !== null && seen.last >= (Math.floor(last / windowMs) + 1) * windowMs);
      if (!observed) continue;
      // The subject's usual number of matching events in a window of theirs that has any,
      // outside the burst; the burst must hold `times` as many. Windows without such events
      // are left out, or a routine done once a day would look rare next to the quiet nights.
      const active = island.active;
      burst.usual = active === 0 ? 0 : island.other / active;
      if (count < step.baseline.times * burst.usual) continue;
    }
    bursts.push(burst);
  }
  return bursts;
}

/**
 * The times of the events that match, in time order, for a step that counts them (SQLite): one
 * JSON array from the database, sorted here. Read as a row each and sorted by SQLite, the
 * 605,344 times after-hours-shift matches in the analysis bench's million events cost 1.5 s of
 * CPU, 0.4 s as one array; the times are the same numbers in the same order.
 */
async function countedTimes(
  db: Kysely<Database>,
  condition: RawBuilder<unknown>,
): Promise<Float64Array> {
  const { rows } = await sql<{ times: string }>`
    select json_group_array(e.time) as times from events as e where ${condition}`.execute(db);
  return Float64Array.from(JSON.parse(rows[0]?.times ?? '[]') as number[]).sort();
}

/** The times of the subject's first and last events in the investigation window (null: none). */
async function subjectSpan(
  db: Kysely<Database>,
  scope: AnalysisScope,
): Promise<{ first: number | null; last: number | null }> {
  const within = sql`from events as o
    where o.employee_id = ${scope.employeeId} and o.time >= ${scope.from} and o.time < ${scope.to}`;
  const result = await sql<{ first: number | string | null; last: number | string | null }>`
    select (select min(o.time) ${within}) as first, (select max(o.time) ${within}) as last`.execute(
    db,
  );
  const row = result.rows[0];
  return {
    first: row?.first === null || row?.first === undefined ? null : Number(row.first),
    last: row?.last === null || row?.last === undefined ? null : Number(row.last),
  };
}
