import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

import { DAY_MS, offHoursSql, subjectRows } from './sql-parts';
import type { RollupBuild } from './sql-parts';
import type { FindingsDb } from './tables';

/**
 * event_daily: the subject's events per UTC day and per (category, activity, app, label,
 * destination, item, outcome), with their count, bytes, off-hours count and first and last time.
 */

/** The nine columns event_daily groups by, in the order its selects list them. */
const DAILY_KEY = [
  'employee_id',
  'day',
  'category',
  'activity',
  'app',
  'label',
  'destination',
  'item',
  'outcome',
] as const;

/** One event's event_daily columns, before grouping. */
type DailyEventRow = Record<(typeof DAILY_KEY)[number], string | number | null> & {
  bytes: number;
  off_hours: number;
  time: number;
};

/** One event_daily row. */
type DailyGroup = Record<(typeof DAILY_KEY)[number], string | number | null> & {
  n: number;
  bytes: number;
  off_hours: number;
  first_time: number;
  last_time: number;
};

/** The event_daily columns of each event in [from, to): the one definition of what is grouped. */
function dailyEventRows(build: RollupBuild, from: number, to: number): RawBuilder<unknown> {
  const off = offHoursSql('e.time', build.clock);
  return sql`select e.employee_id, e.time / ${sql.lit(DAY_MS)} as day, e.category, e.activity,
      coalesce(e.app, '') as app, coalesce(e.file_label, fl.label, '') as label,
      coalesce(e.file_destination, '') as destination,
      coalesce(e.repository, e.process_name, '') as item, e.outcome,
      coalesce(e.file_size, e.email_size, 0) as bytes, ${off} as off_hours, e.time
    from events e
    left join event_file_labels fl
      on e.file_label is null and fl.employee_id = e.employee_id and fl.file_name = e.file_name
    where ${subjectRows(build.dialect, 'e', build.employeeId, { from, to })}`;
}

/**
 * The event_daily rows computed straight from events in [from, to): what the rollup stores,
 * and what finding queries add for the part of a window that is not whole days.
 */
export function dailyFactsSelect(build: RollupBuild, from: number, to: number) {
  return sql`select employee_id, day, category, activity, app, label, destination, item, outcome,
      count(*) as n, sum(bytes) as bytes, sum(off_hours) as off_hours,
      min(time) as first_time, max(time) as last_time
    from (${dailyEventRows(build, from, to)}) d
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;
}

/**
 * Stores the event_daily rows of [from, to). PostgreSQL groups in SQL, by hash (groupedByHash).
 * SQLite has no hash aggregate: its GROUP BY sorted a subject's million rows on the nine
 * columns, 4.7-5.1 s of CPU of the report case's first analysis, where reading the rows took
 * 1.5-1.75 s; the process groups them in a Map as they are read instead.
 */
export async function insertDailyFacts(
  db: FindingsDb,
  build: RollupBuild,
  from: number,
  to: number,
): Promise<void> {
  if (build.dialect === 'postgres') {
    await groupedByHash(
      db,
      sql`insert into event_daily (employee_id, day, category, activity, app, label, destination, item, outcome, n, bytes, off_hours, first_time, last_time)
      ${dailyFactsSelect(build, from, to)}`,
    );
    return;
  }
  const groups = new Map<string, DailyGroup>();
  const rows = db
    .selectFrom(sql`(${dailyEventRows(build, from, to)})`.as('d'))
    .selectAll()
    .$castTo<DailyEventRow>()
    .stream();
  for await (const row of rows) {
    // JSON keeps null apart from 'null' and any text apart from any other.
    const key = JSON.stringify(DAILY_KEY.map((column) => row[column]));
    const group = groups.get(key);
    if (group) {
      group.n++;
      group.bytes += row.bytes;
      group.off_hours += row.off_hours;
      if (row.time < group.first_time) group.first_time = row.time;
      if (row.time > group.last_time) group.last_time = row.time;
    } else {
      const { bytes, off_hours, time, ...columns } = row;
      groups.set(key, { ...columns, n: 1, bytes, off_hours, first_time: time, last_time: time });
    }
  }
  const values = [...groups.values()];
  for (let i = 0; i < values.length; i += 500) {
    await db
      .insertInto('event_daily')
      .values(values.slice(i, i + 500) as never)
      .execute();
  }
}

/**
 * Runs a GROUP BY statement of the rollup build with PostgreSQL grouping its rows in a hash
 * table rather than sorting them. The planner takes the groups of event_daily's nine columns
 * for as many as its rows (it multiplies their distinct counts), so it sorted a subject's
 * million rows, spilling past work_mem, into 27,000 groups: 3.2 s of backend CPU in the report
 * case's first analysis, 1.3 s by hash (past work_mem a hash spills too, so memory stays bounded).
 * Inside the build's transaction: SET LOCAL ends with it at the latest.
 */
async function groupedByHash(db: FindingsDb, statement: RawBuilder<unknown>): Promise<void> {
  await sql`set local enable_sort = off`.execute(db);
  await statement.execute(db);
  await sql`set local enable_sort to default`.execute(db);
}
