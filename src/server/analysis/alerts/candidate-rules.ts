import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { FilterContext } from '../rules/compile-filter';
import { compileFilter } from '../rules/compile-filter';
import type { Rule, RuleStep } from '../rules/rule-schema';

/** A rule and the span of the person's events it reads. */
export interface RuleSpan {
  rule: Rule;
  from: number;
  to: number;
}

/** The fewest events a step needs in the span before it can hold at all. */
function leastEvents(step: RuleStep): number {
  // A count or a number of distinct values needs at least that many events; a sum, one.
  return step.measure !== 'count' && 'sum' in step.measure ? 1 : Math.ceil(step.atLeast);
}

/**
 * Which rules could fire for one person, from one pass over their events in the widest span:
 * each step's events are counted in its rule's span, and a rule whose steps do not all have
 * enough of them cannot fire, so its (far costlier) burst search is skipped. Most people match
 * no rule at all, which is what makes detection over everyone cheap.
 */
export async function candidateRules(
  db: Kysely<Database>,
  employeeId: string,
  spans: readonly RuleSpan[],
  context: FilterContext,
): Promise<RuleSpan[]> {
  if (spans.length === 0) return [];
  const from = Math.min(...spans.map((s) => s.from));
  const to = Math.max(...spans.map((s) => s.to));
  const counts = spans.flatMap(({ rule, from: start, to: end }, r) =>
    rule.condition.steps.map(
      (step, s) =>
        sql`sum(case when e.time >= ${start} and e.time < ${end} and ${compileFilter(step.match, 'e', context)} then 1 else 0 end) as ${sql.ref(`c_${r}_${s}`)}`,
    ),
  );
  const result = await sql<Record<string, number | string | null>>`
    select ${sql.join(counts)}
    from events as e
    where e.employee_id = ${employeeId} and e.time >= ${from} and e.time < ${to}`.execute(db);
  const row = result.rows[0] ?? {};
  return spans.filter(({ rule }, r) =>
    rule.condition.steps.every((step, s) => Number(row[`c_${r}_${s}`] ?? 0) >= leastEvents(step)),
  );
}
