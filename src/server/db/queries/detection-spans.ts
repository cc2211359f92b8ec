import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** The first and last time of a person's events that a rule can match (both included). */
export interface MatchableSpan {
  first: number;
  last: number;
}

/**
 * For several people, the first and last of their events in [from, to) whose activity one of
 * the rules names (every rule step pins its activities, so no other event can match one).
 * Detection's statements over a person then read [first, last] alone, the same rows: on
 * PostgreSQL a person's span reaches back to their hire (2014 in the benchmark's organization,
 * about 150 monthly partitions), and a statement that names the span planned every partition
 * it reaches where the rules' events lie in two or three. People without such events are left
 * out.
 */
export async function matchableSpansOf(
  db: Kysely<Database>,
  ids: readonly string[],
  activities: readonly string[],
  span: { from: number; to: number },
): Promise<Map<string, MatchableSpan>> {
  const out = new Map<string, MatchableSpan>();
  if (ids.length === 0 || activities.length === 0) return out;
  const { rows } = await sql<{
    employee_id: string;
    first: number | string;
    last: number | string;
  }>`select employee_id, min(time) as first, max(time) as last from events
    where employee_id in (${sql.join([...ids])}) and activity in (${sql.join([...activities])})
      and time >= ${span.from} and time < ${span.to}
    group by employee_id`.execute(db);
  for (const row of rows) {
    out.set(row.employee_id, { first: Number(row.first), last: Number(row.last) });
  }
  return out;
}
