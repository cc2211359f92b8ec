import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

import type { Dialect } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { FilterContext } from '../rules/compile-filter';
import { compileFilter } from '../rules/compile-filter';
import { durationMs } from '../rules/durations';
import { resolveField } from '../rules/fields';
import { pinnedActivities } from '../rules/validate-filter';
import type { Rule, RuleStep } from '../rules/rule-schema';
import type { Filter } from '../rules/filter-types';
import { countCaseSteps } from './case-counting-pass';

/** A rule and the span of the person's events it reads. */
export interface RuleSpan {
  rule: Rule;
  from: number;
  to: number;
  /** For a rule with a baseline, the person's first and last event in the rule's whole span
   * when a batch read them (AnalysisScope.seen). */
  seen?: { first: number | null; last: number | null };
}

/** The one source a step's filter requires at its top level (Sigma rules name theirs), or null. */
export function pinnedSource(filter: Filter): string | null {
  const conditions = 'all' in filter ? filter.all : [filter];
  for (const item of conditions) {
    if ('field' in item && item.field === 'source' && typeof item.eq === 'string') return item.eq;
  }
  return null;
}

/** The fewest events a step needs in the span before it can hold at all. */
export function leastEvents(step: RuleStep): number {
  // A count or a number of distinct values needs at least that many events; a sum, one.
  return step.measure !== 'count' && 'sum' in step.measure ? 1 : Math.ceil(step.atLeast);
}

/**
 * Which rules could fire for one person, from one pass over their events in the widest span:
 * each step's events are counted in its rule's span, and a rule whose steps do not all have
 * enough of them cannot fire, so its (far costlier) burst search is skipped. Most people match
 * no rule at all, which is what makes detection over everyone cheap. `byActivity`: a case's
 * analysis, where each row is sent by its activity to the steps that name it (countCaseSteps),
 * and no window bound follows (below).
 */
export async function candidateRules(
  db: Kysely<Database>,
  employeeId: string,
  spans: readonly RuleSpan[],
  context: FilterContext,
  byActivity: { dialect: Dialect } | false = false,
): Promise<RuleSpan[]> {
  if (spans.length === 0) return [];
  const from = Math.min(...spans.map((s) => s.from));
  const to = Math.max(...spans.map((s) => s.to));
  const steps: StepItem[] = spans.flatMap(({ rule, from: start, to: end }, r) =>
    rule.condition.steps.map((step, s) => ({
      name: `c_${r}_${s}`,
      step,
      start,
      end,
      activities: pinnedActivities(step.match),
    })),
  );
  // Every row an arm reads is tested against each of the arm's steps, so each test starts
  // with what rules most rows out at least cost: the source a step pins (one comparison,
  // where the activity list is a lookup), and no time test for a rule whose span is the
  // statement's (a case's analysis).
  const countTest = (item: StepItem) => {
    const source = pinnedSource(item.step.match);
    const tests = [
      ...(source === null ? [] : [sql`e.source = ${source}`]),
      ...(item.start === from && item.end === to
        ? []
        : [sql`e.time >= ${item.start} and e.time < ${item.end}`]),
      compileFilter(item.step.match, 'e', context),
    ];
    return sql`${sql.join(tests, sql` and `)}`;
  };
  const totals = byActivity
    ? await countCaseSteps(
        db,
        byActivity.dialect,
        employeeId,
        steps.map((item) => ({
          name: item.name,
          test: countTest(item),
          activities: item.activities,
          indexOnly: testsIndexOnly(item.step.match),
        })),
        { from, to, clocks: context.clocks !== undefined },
      )
    : await countSteps(db, employeeId, steps, countTest, { from, to });
  const counted = spans.filter(({ rule }, r) =>
    rule.condition.steps.every((step, s) => (totals.get(`c_${r}_${s}`) ?? 0) >= leastEvents(step)),
  );
  // A case's analysis takes the counted rules straight to their burst search, which reads the
  // same rows as the window bound would and answers exactly: of the report bench's eight
  // counted rules the bound ruled out none, and cost 1.1 s (SQLite) and 1.6 s (PostgreSQL).
  // Detection over everyone keeps it (possibleRulesOfPeople, a batch of people a statement).
  return byActivity ? counted : possibleRules(db, employeeId, counted, context);
}

interface StepItem {
  name: string;
  step: RuleStep;
  start: number;
  end: number;
  activities: string[] | null;
}

/**
 * Detection over everyone's counting pass for one person: one arm over their events of the
 * activities some step names. PostgreSQL plans the statement anew for every person, and a case's
 * dispatched pass (countCaseSteps), a far longer statement, took 40-130 ms to plan on the
 * benches where a person's events count in less.
 */
async function countSteps(
  db: Kysely<Database>,
  employeeId: string,
  steps: readonly StepItem[],
  test: (item: StepItem) => RawBuilder<unknown>,
  { from, to }: { from: number; to: number },
): Promise<Map<string, number>> {
  // Only events of an activity some step names can count (every step pins its activities).
  const pinned = steps.map((item) => item.activities);
  const everyActivity = pinned.some((list) => list === null)
    ? sql``
    : sql`and e.activity in (${sql.join([...new Set(pinned.flat() as string[])])})`;
  const result = await sql<Record<string, number | string | null>>`select ${sql.join(
    steps.map(
      (item) => sql`sum(case when ${test(item)} then 1 else 0 end) as ${sql.ref(item.name)}`,
    ),
  )}
    from events as e
    where e.employee_id = ${employeeId} and e.time >= ${from} and e.time < ${to} ${everyActivity}`.execute(
    db,
  );
  const row = result.rows[0] ?? {};
  return new Map(steps.map(({ name }) => [name, Number(row[name] ?? 0)]));
}

/**
 * Whether a step's filter tests only what the (employee, activity, time) index holds: the
 * activity, and off hours (computed from the time), with no source to pin.
 */
export function testsIndexOnly(filter: Filter): boolean {
  if (pinnedSource(filter) !== null) return false;
  const only = (f: Filter): boolean =>
    'all' in f
      ? f.all.every(only)
      : 'any' in f
        ? f.any.every(only)
        : 'not' in f
          ? only(f.not)
          : f.field === 'activity' || f.field === 'off_hours';
  return only(filter);
}

/** Of rules whose steps have enough events, those a window of each step could hold (windowCanHold). */
export async function possibleRules(
  db: Kysely<Database>,
  employeeId: string,
  counted: readonly RuleSpan[],
  context: FilterContext,
): Promise<RuleSpan[]> {
  const kept: RuleSpan[] = [];
  for (const span of counted) {
    let possible = true;
    for (const step of span.rule.condition.steps) {
      if (!(await windowCanHold(db, employeeId, span, step, context))) {
        possible = false;
        break;
      }
    }
    if (possible) kept.push(span);
  }
  return kept;
}

/**
 * A window of the step's length overlaps at most two of the windows that tile time from the
 * epoch, so the events (or the sum) of any one window are at most those of the two fullest
 * tiles (U): a step whose U is below its threshold cannot hold, since find-bursts needs the
 * threshold met within one window. One grouped count (or sum) per step, far cheaper than the
 * burst search; steps that need one event only are not checked again.
 *
 * Nothing is bounded for a baseline: a burst is an island of overlapping windows and may hold
 * far more than two tiles, so "the burst reaches `times` x the usual" cannot be ruled out from
 * U (a bound that assumed the burst held at most U dropped all 90 mass-deletion incidents of
 * the report bench's case, and would drop the alerts detection raises for them).
 */
async function windowCanHold(
  db: Kysely<Database>,
  employeeId: string,
  span: RuleSpan,
  step: RuleStep,
  context: FilterContext,
): Promise<boolean> {
  const summed = step.measure !== 'count' && 'sum' in step.measure ? step.measure.sum : null;
  if (summed === null && step.atLeast <= 1) return true;
  const windowMs = durationMs(step.window);
  const value = summed === null ? sql`count(*)` : sql`sum(${sql.ref(`e.${columnOf(summed)}`)})`;
  const result = await sql<{ v: number | string | null }>`
    select ${value} as v from events as e
    where e.employee_id = ${employeeId} and e.time >= ${span.from} and e.time < ${span.to}
      and ${compileFilter(step.match, 'e', context)}
    group by e.time / ${sql.lit(windowMs)}
    order by v desc limit 2`.execute(db);
  const [first, second] = result.rows;
  if (!first) return false;
  return Number(first.v ?? 0) + Number(second?.v ?? 0) >= step.atLeast;
}

/** The column a summed field reads (rules may only sum number columns). */
export function columnOf(field: string): string {
  const resolved = resolveField(field);
  if (!resolved || !('column' in resolved)) throw new Error(`"${field}" cannot be summed.`);
  return resolved.column;
}
