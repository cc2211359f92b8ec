import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

import type { FilterContext } from './compile-filter';
import { stepCondition } from './find-bursts';
import type { AnalysisScope, Burst } from './find-bursts';
import type { RuleStep } from './rule-schema';

/**
 * The events of one step's burst as (incident_id, event_id, time) rows, for an incident's
 * timeline: the step's own filter over the burst's time span, earliest first, at most `limit`.
 */
export function timelineSelect(
  step: RuleStep,
  burst: Burst,
  scope: AnalysisScope,
  context: FilterContext,
  incidentId: string,
  limit: number,
): RawBuilder<unknown> {
  return sql`
    select cast(${incidentId} as text) as incident_id, e.id as event_id, e.time as time
    from events as e
    where e.employee_id = ${scope.employeeId} and e.time >= ${burst.first} and e.time <= ${burst.last}
      and ${stepCondition(step, 'e', scope, context)}
    order by e.time, e.id
    limit ${sql.lit(limit)}`;
}
