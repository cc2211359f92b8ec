import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { MatchableSpan } from '../../db/queries/detection-spans';
import type { FilterContext } from '../rules/compile-filter';
import { compileFilter } from '../rules/compile-filter';
import type { WorkClock } from '../../db/queries/findings/sql-parts';
import type { Rule } from '../rules/rule-schema';
import { pinnedActivities } from '../rules/validate-filter';
import type { RuleSpan } from './candidate-rules';
import { columnOf, leastEvents, pinnedSource } from './candidate-rules';
import { durationMs } from '../rules/durations';
import { lookBackMs } from './look-back';
import { readSpan } from './matchable-spans';

/** One person of a batch: the span of their new events, their clock and the rules they get. */
export interface PersonRules {
  employeeId: string;
  /** The first and last new event (the detection work's span). */
  from: number;
  to: number;
  /** Index of the person's clock in the batch's `clocks`. */
  clock: number;
  rules: readonly Rule[];
  /**
   * The first and last of the person's events a rule can match (matchableSpansOf), or null
   * when none can; left out, the whole span is read (SQLite, where reading less saves nothing).
   */
  matchable?: MatchableSpan | null;
}

/**
 * The statement's own bounds of time, written as constants so that PostgreSQL prunes the
 * partitions while planning (the rows' bounds come from a join, known only as it runs); only
 * when every row was cut to its matchable events (else the bounds reach back anyway).
 */
function prunedTime(
  rows: ReadonlyArray<{ low: number; high: number }>,
  cut: boolean,
): RawBuilder<unknown> {
  if (!cut || rows.length === 0) return sql``;
  const low = Math.min(...rows.map((row) => row.low));
  const high = Math.max(...rows.map((row) => row.high));
  return sql`and e.time >= ${sql.lit(low)} and e.time < ${sql.lit(high)}`;
}

/** Each person's rules as spans: the new events plus the look-back the rule needs. */
export function spansOf(person: Pick<PersonRules, 'from' | 'to' | 'rules'>): RuleSpan[] {
  return person.rules.map((rule) => ({
    rule,
    from: person.from - lookBackMs(rule),
    to: person.to + 1,
  }));
}

/**
 * The first pass of detection (candidateRules) for a batch of people in one statement: each
 * rule step's events counted per person in that person's span of the rule, grouped by person,
 * their clocks told apart by a column of the people's list (off_hours reads each person's own).
 * The counts, and so the rules kept, are those candidateRules gives each person alone; one
 * statement replaces one per person (planned, and on PostgreSQL sent, once for the batch).
 * The burst bound (windowCanHold) is still asked per person of the rules that pass.
 */
export async function countedRulesOfPeople(
  db: Kysely<Database>,
  people: readonly PersonRules[],
  clocks: readonly WorkClock[],
  shared: FilterContext,
): Promise<Map<string, RuleSpan[]>> {
  const out = new Map<string, RuleSpan[]>();
  const rules = [...new Map(people.flatMap((p) => p.rules).map((r) => [r.id, r])).values()];
  if (rules.length === 0) {
    for (const person of people) out.set(person.employeeId, []);
    return out;
  }
  const context: FilterContext = { ...shared, clocks: { key: sql.ref('q.clock'), clocks } };
  const widest = Math.max(...rules.map(lookBackMs));
  // A person's rows start at their widest look-back; a rule with a shorter one tests the time.
  const counts = rules.flatMap((rule, r) =>
    rule.condition.steps.map((step, s) => {
      const source = pinnedSource(step.match);
      const back = lookBackMs(rule);
      const tests = [
        ...(source === null ? [] : [sql`e.source = ${source}`]),
        ...(back === widest ? [] : [sql`e.time >= q.base - ${sql.lit(back)}`]),
        compileFilter(step.match, 'e', context),
      ];
      return sql`sum(case when ${sql.join(tests, sql` and `)} then 1 else 0 end) as ${sql.ref(`c_${r}_${s}`)}`;
    }),
  );
  const pinned = rules.flatMap((rule) =>
    rule.condition.steps.map((step) => pinnedActivities(step.match)),
  );
  const activities = pinned.some((list) => list === null)
    ? sql``
    : sql`and e.activity in (${sql.join([...new Set(pinned.flat() as string[])])})`;
  // A person none of whose events a rule can match counts nothing: no row to read for them.
  const bounds = people
    .filter((person) => person.matchable !== null)
    .map((person) => {
      const back = Math.max(...person.rules.map(lookBackMs), 0);
      const { from: low, to: high } = readSpan(
        { from: person.from - back, to: person.to + 1 },
        person.matchable,
      );
      return { person, low, high };
    });
  const rows = bounds.map(
    ({ person, low, high }) =>
      sql`(cast(${person.employeeId} as text), cast(${person.from} as bigint), cast(${low} as bigint), cast(${high} as bigint), cast(${person.clock} as integer))`,
  );
  const cut = people.every((person) => person.matchable !== undefined);
  const within = sql`e.employee_id = q.employee_id and e.time >= q.low and e.time < q.high
    ${activities} ${prunedTime(bounds, cut)}`;
  // PostgreSQL counts each person's rows on their own (LATERAL): grouped after a join, a
  // batch's 50,000 rows, each as wide as every column the counts test, were sorted first, and
  // spilled to disk (EXPLAIN: a 23 MB external merge, a third of the statement's time).
  // SQLite has no LATERAL, and groups these rows in the order it reads them.
  const statement =
    dialectOf(db) === 'postgres'
      ? sql`select q.employee_id as person, c.*
    from q cross join lateral (select ${sql.join(counts)} from events as e where ${within}) as c`
      : sql`select q.employee_id as person, ${sql.join(counts)}
    from q inner join events as e on ${within}
    group by q.employee_id`;
  const found: Array<Record<string, number | string | null>> =
    rows.length === 0
      ? []
      : (
          await sql<Record<string, number | string | null>>`
    with q (employee_id, base, low, high, clock) as (values ${sql.join(rows)})
    ${statement}`.execute(db)
        ).rows;
  const byPerson = new Map(found.map((row) => [String(row.person), row]));
  const index = new Map(rules.map((rule, r) => [rule.id, r]));
  for (const person of people) {
    const row = byPerson.get(person.employeeId) ?? {};
    out.set(
      person.employeeId,
      spansOf(person).filter(({ rule }) => {
        const r = index.get(rule.id)!;
        return rule.condition.steps.every(
          (step, s) => Number(row[`c_${r}_${s}`] ?? 0) >= leastEvents(step),
        );
      }),
    );
  }
  return out;
}

/**
 * The second pass (possibleRules) for a batch: of each person's counted rules, those whose every
 * step two tiles of its window could hold (windowCanHold), one statement per rule step for all
 * the people it was counted for, their two fullest tiles picked per person. The statement
 * covers each person's span of the rule; PostgreSQL plans it once for the batch, where one per
 * person and step cost a plan over every monthly partition the person's history reaches.
 */
export async function possibleRulesOfPeople(
  db: Kysely<Database>,
  people: ReadonlyArray<{
    employeeId: string;
    clock: number;
    counted: readonly RuleSpan[];
    matchable?: MatchableSpan | null;
  }>,
  clocks: readonly WorkClock[],
  shared: FilterContext,
): Promise<Map<string, RuleSpan[]>> {
  const context: FilterContext = { ...shared, clocks: { key: sql.ref('q.clock'), clocks } };
  const cut = people.every((person) => person.matchable !== undefined);
  const ruled = new Set<string>();
  const rules = people
    .flatMap((p) => p.counted.map((span) => span.rule))
    .filter((rule) => !ruled.has(rule.id) && ruled.add(rule.id));
  // Who still may fire each rule: whoever had it counted, until a step rules them out.
  const open = new Map(
    rules.map((rule) => [
      rule.id,
      new Map(
        people.flatMap((p) =>
          p.counted
            .filter((span) => span.rule.id === rule.id)
            .map(
              (span) =>
                [p.employeeId, { span: readSpan(span, p.matchable), clock: p.clock }] as const,
            ),
        ),
      ),
    ]),
  );
  for (const rule of rules) {
    const holders = open.get(rule.id)!;
    for (const step of rule.condition.steps) {
      const summed = step.measure !== 'count' && 'sum' in step.measure ? step.measure.sum : null;
      if (summed === null && step.atLeast <= 1) continue;
      if (holders.size === 0) break;
      const windowMs = durationMs(step.window);
      const value = summed === null ? sql`count(*)` : sql`sum(${sql.ref(`e.${columnOf(summed)}`)})`;
      const rows = [...holders].map(
        ([id, { span, clock }]) =>
          sql`(cast(${id} as text), cast(${span.from} as bigint), cast(${span.to} as bigint), cast(${clock} as integer))`,
      );
      const pruned = prunedTime(
        [...holders.values()].map(({ span }) => ({ low: span.from, high: span.to })),
        cut,
      );
      // Tiles ranked as windowCanHold's ORDER BY v DESC ranks them on each engine (nulls too).
      const result = await sql<{ person: string; v: number | string | null }>`
        with q (employee_id, low, high, clock) as (values ${sql.join(rows)}),
        t as (
          select q.employee_id as person, ${value} as v
          from q inner join events as e on e.employee_id = q.employee_id
          where e.time >= q.low and e.time < q.high ${pruned}
            and ${compileFilter(step.match, 'e', context)}
          group by q.employee_id, e.time / ${sql.lit(windowMs)}
        ),
        r as (select person, v, row_number() over (partition by person order by v desc) as k from t)
        select person, sum(coalesce(v, 0)) as v from r where k <= 2 group by person`.execute(db);
      const upper = new Map(result.rows.map((row) => [String(row.person), Number(row.v ?? 0)]));
      for (const id of [...holders.keys()]) {
        const u = upper.get(id);
        if (u === undefined || u < step.atLeast) holders.delete(id);
      }
    }
  }
  const out = new Map<string, RuleSpan[]>();
  for (const person of people) {
    out.set(
      person.employeeId,
      person.counted.filter(({ rule }) => open.get(rule.id)!.has(person.employeeId)),
    );
  }
  return out;
}
