import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

import type { Dialect } from '../../db/dialect';
import { subjectRows } from '../../db/queries/findings/sql-parts';
import { inTransaction } from '../../db/in-transaction';
import type { Database } from '../../db/schema';
import { TALLY_FUNCTION } from '../../db/sql-functions';

/** One rule step to count: its name, its test of a row, the activities it pins. */
export interface CountedStep {
  name: string;
  test: RawBuilder<unknown>;
  /** Whether the test reads only the activity and the time (off hours), no source. */
  indexOnly: boolean;
  /** The activities the step's filter requires, or null when it names none. */
  activities: readonly string[] | null;
}

/** Bits of one mask column: PostgreSQL's integer holds 31, and a sum of them never overflows. */
const BITS = 30;

/**
 * A case's counting pass: how many of the person's events in [from, to) each step matches.
 *
 * Every row is read once, in the engine's cheapest order, and sent by its activity to the steps
 * that name it: a row is tested against those few steps only. Each row gives a bit mask of the
 * steps it matched, and the pass returns how many rows gave each (activity, mask): 28-46
 * tuples for the benches' million rows, summed per step here. The rows of one activity were read
 * by an arm of their own before (one statement of one arm per activity): each arm walked the
 * table's pages again, for 2.9 s of SQLite's and 3.8-5.7 s of PostgreSQL's counting pass over
 * the report bench's million events, where reading them all once in id order costs 1.0 s.
 *
 * On SQLite, an activity whose steps test nothing but the activity and the time (off hours) is
 * counted from the (employee, activity, time) index, reading no row (the chat activity of the
 * analysis bench, 199,722 rows: 0.08-0.10 s from the index, 0.29-0.36 s read by id).
 */
export async function countCaseSteps(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  steps: readonly CountedStep[],
  span: { from: number; to: number; clocks: boolean },
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  const unpinned = steps.filter((step) => step.activities === null);
  const byActivity = new Map<string, CountedStep[]>();
  for (const step of steps)
    for (const activity of new Set(step.activities ?? []))
      byActivity.set(activity, [...(byActivity.get(activity) ?? []), step]);
  // A step that names no activity is tested on every row: each activity's branch and the rest.
  for (const [activity, list] of byActivity) byActivity.set(activity, [...list, ...unpinned]);

  const fromIndex =
    dialect === 'sqlite' && !span.clocks && unpinned.length === 0
      ? [...byActivity].filter(([, list]) => list.every((step) => step.indexOnly))
      : [];
  for (const [activity] of fromIndex) byActivity.delete(activity);
  for (const [activity, list] of fromIndex) {
    const result = await sql<Record<string, number | null>>`select ${sql.join(
      list.map((step) => sql`sum(case when ${step.test} then 1 else 0 end)`),
    )}
      from events as e
      where e.employee_id = ${employeeId} and e.activity = ${activity}
        and e.time >= ${span.from} and e.time < ${span.to}`.execute(db);
    const row = Object.values(result.rows[0] ?? {});
    list.forEach((step, k) => add(totals, step.name, Number(row[k] ?? 0)));
  }
  if (byActivity.size === 0 && unpinned.length === 0) return totals;

  const branches = [...byActivity];
  const columns = Math.max(
    1,
    ...[...branches.map(([, list]) => list), unpinned].map((list) => Math.ceil(list.length / BITS)),
  );
  const mask = (list: readonly CountedStep[], column: number) => {
    const bits = list.slice(column * BITS, (column + 1) * BITS);
    return bits.length === 0
      ? sql`0`
      : sql.join(
          bits.map(
            (step, bit) => sql`(case when ${step.test} then ${sql.lit(2 ** bit)} else 0 end)`,
          ),
          sql` + `,
        );
  };
  const masks = Array.from(
    { length: columns },
    (_, column) =>
      sql`case e.activity ${sql.join(
        branches.map(([activity, list]) => sql`when ${activity} then ${mask(list, column)}`),
        sql` `,
      )} else ${mask(unpinned, column)} end`,
  );
  const rows = subjectRows(dialect, 'e', employeeId, {
    from: span.from,
    to: span.to,
    ...(unpinned.length === 0 ? { activities: branches.map(([activity]) => activity) } : {}),
  });
  const tuples: [string, ...number[], number][] = [];
  if (dialect === 'sqlite') {
    const result = await sql<{ tally: string | null }>`
      select ${sql.raw(TALLY_FUNCTION)}(e.activity, ${sql.join(masks)}) as tally
      from events as e where ${rows}`.execute(db);
    for (const [key, n] of JSON.parse(result.rows[0]?.tally ?? '[]') as [
      [string, ...number[]],
      number,
    ][])
      tuples.push([...key, n]);
  } else {
    const names = masks.map((_, column) => `m${column}`);
    // Read in the table's order (a bitmap or sequential scan) and grouped in a hash table: the
    // planner took the (employee, activity, time) index for rows already in activity order and
    // sorted the masks within each, fetching a million rows from the heap one by one (4.0-4.8 s
    // for the report bench's case; 1.4-1.7 s this way). SET LOCAL ends with the transaction.
    // In a caller's transaction, the settings are put back for what follows.
    const result = await inTransaction(db, async (trx) => {
      await sql`set local enable_indexscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      const grouped = await sql<Record<string, string | number>>`
        select e.activity, ${sql.join(masks.map((m, i) => sql`${m} as ${sql.ref(names[i]!)}`))},
          count(*) as n
        from events as e where ${rows}
        group by ${sql.join(['activity', ...names].map((name) => sql.ref(name)))}`.execute(trx);
      await sql`set local enable_indexscan to default`.execute(trx);
      await sql`set local enable_sort to default`.execute(trx);
      return grouped;
    });
    for (const row of result.rows)
      tuples.push([
        String(row.activity),
        ...names.map((name) => Number(row[name])),
        Number(row.n),
      ] as [string, ...number[], number]);
  }
  for (const [activity, ...rest] of tuples) {
    const n = rest[rest.length - 1]!;
    const list = byActivity.get(activity) ?? unpinned;
    list.forEach((step, k) => {
      if ((rest[Math.floor(k / BITS)]! >>> (k % BITS)) & 1) add(totals, step.name, n);
    });
  }
  return totals;
}

function add(totals: Map<string, number>, name: string, n: number): void {
  totals.set(name, (totals.get(name) ?? 0) + n);
}
