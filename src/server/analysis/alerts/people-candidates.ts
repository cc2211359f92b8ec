import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { FilterContext } from '../rules/compile-filter';
import { compileFilter } from '../rules/compile-filter';
import type { WorkClock } from '../../db/queries/findings/sql-parts';
import type { Rule } from '../rules/rule-schema';
import { pinnedActivities } from '../rules/validate-filter';
import type { RuleSpan } from './candidate-rules';
import { leastEvents, pinnedSource } from './candidate-rules';
import { lookBackMs } from './look-back';

/** One person of a batch: the span of their new events, their clock and the rules they get. */
export interface PersonRules {
  employeeId: string;
  /** The first and last new event (the detection work's span). */
  from: number;
  to: number;
  /** Index of the person's clock in the batch's `clocks`. */
  clock: number;
  rules: readonly Rule[];
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
  const rows = people.map((person) => {
    const back = Math.max(...person.rules.map(lookBackMs), 0);
    return sql`(cast(${person.employeeId} as text), cast(${person.from} as bigint), cast(${person.from - back} as bigint), cast(${person.to + 1} as bigint), cast(${person.clock} as integer))`;
  });
  const result = await sql<Record<string, number | string | null>>`
    with q (employee_id, base, low, high, clock) as (values ${sql.join(rows)})
    select q.employee_id as person, ${sql.join(counts)}
    from q inner join events as e on e.employee_id = q.employee_id
    where e.time >= q.low and e.time < q.high ${activities}
    group by q.employee_id`.execute(db);
  const byPerson = new Map(result.rows.map((row) => [String(row.person), row]));
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
