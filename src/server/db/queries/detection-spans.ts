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

/**
 * Each span's person's first and last event of any kind in [from, to) (null: none), in the
 * spans' order: what a rule with a baseline asks of a person (find-bursts' subjectSpan), for a
 * batch in one statement where one per person and rule each planned every partition the
 * person's history reaches.
 */
export async function firstAndLastEventsOf(
  db: Kysely<Database>,
  spans: ReadonlyArray<{ employeeId: string; from: number; to: number }>,
): Promise<Array<{ first: number | null; last: number | null }>> {
  if (spans.length === 0) return [];
  const rows = spans.map(
    (span, k) =>
      sql`(cast(${k} as integer), cast(${span.employeeId} as text), cast(${span.from} as bigint), cast(${span.to} as bigint))`,
  );
  const within = sql`from events as o
    where o.employee_id = q.employee_id and o.time >= q.low and o.time < q.high`;
  const result = await sql<{
    k: number;
    first: number | string | null;
    last: number | string | null;
  }>`
    with q (k, employee_id, low, high) as (values ${sql.join(rows)})
    select q.k, (select min(o.time) ${within}) as first, (select max(o.time) ${within}) as last
    from q`.execute(db);
  const out = spans.map(() => ({ first: null as number | null, last: null as number | null }));
  for (const row of result.rows) {
    out[Number(row.k)] = {
      first: row.first === null ? null : Number(row.first),
      last: row.last === null ? null : Number(row.last),
    };
  }
  return out;
}
