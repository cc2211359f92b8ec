import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

import type { Dialect } from '../../dialect';
import { findingsDb } from './tables';
import type { FindingsDb } from './tables';
import {
  DAY_MS,
  HALF_HOUR_MS,
  equalsWithoutIndex,
  internalAddressSql,
  jsonArrayRows,
  jsonNumber,
  offHoursSql,
  subjectRows,
} from './sql-parts';
import type { SubjectSlice, WorkClock } from './sql-parts';
import type { Database } from '../../schema';
import type { Kysely } from 'kysely';

const HOUR_MS = 3_600_000;

/** What the rollups of one employee were built with, and up to which event. */
export interface RollupState {
  params: string;
  lastEventId: number;
}

/** The rollup state of an employee, or null before the first build. */
export async function readRollupState(
  db: Kysely<Database>,
  employeeId: string,
): Promise<RollupState | null> {
  const row = await findingsDb(db)
    .selectFrom('rollup_state')
    .select(['params', 'last_event_id'])
    .where('employee_id', '=', employeeId)
    .executeTakeFirst();
  return row ? { params: row.params, lastEventId: Number(row.last_event_id) } : null;
}

/** Records what the rollups now hold. */
export async function writeRollupState(
  db: FindingsDb,
  employeeId: string,
  state: RollupState,
  now: number,
): Promise<void> {
  const values = { params: state.params, last_event_id: state.lastEventId, refreshed_at: now };
  await db
    .insertInto('rollup_state')
    .values({ employee_id: employeeId, ...values })
    .onConflict((oc) => oc.column('employee_id').doUpdateSet(values))
    .execute();
}

/**
 * The newest event id in the whole table (0 when empty). On PostgreSQL from the marks the
 * events' insert trigger keeps (migration 0054): max(id) over the partitioned events planned
 * every monthly partition and its indexes, 1.6-3.0 s on a new connection at 155 partitions.
 */
export async function maxEventId(db: Kysely<Database>, dialect: Dialect): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{
      id: string | null;
    }>`select max(max_id) as id from event_id_marks`.execute(db);
    return Number(rows[0]?.id ?? 0);
  }
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The UTC days (day numbers) holding events of the employee with ids in (after, upTo]. */
export async function newEventDays(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  after: number,
  upTo: number,
): Promise<number[]> {
  const { rows } = await sql<{ day: number }>`
    select distinct time / ${sql.lit(DAY_MS)} as day from events
    where id > ${after} and id <= ${upTo} and ${equalsWithoutIndex(dialect, 'employee_id', employeeId)}
    order by 1`.execute(db);
  return rows.map((row) => Number(row.day));
}

/** The first and last event times of an employee, or null without events. */
export async function employeeTimeRange(
  db: Kysely<Database>,
  employeeId: string,
): Promise<{ first: number; last: number } | null> {
  // Two scalar subqueries: each is one index probe, where min and max together scan the index.
  const { rows } = await sql<{ first: number | null; last: number | null }>`
    select (select min(time) from events where employee_id = ${employeeId}) as first,
      (select max(time) from events where employee_id = ${employeeId}) as last`.execute(db);
  const row = rows[0];
  if (!row || row.first === null || row.last === null) return null;
  return { first: Number(row.first), last: Number(row.last) };
}

/**
 * The file names the employee's events carry, in one pass over them (each was a full scan of
 * the subject's events: 3.4 s and 3.2 s of CPU of the report bench case's first analysis on
 * SQLite): with their label, how many events carry both (every event, the name and label
 * counted once per pair, in name and label order), and the names without a label in [from, to).
 */
export async function fileNameLabels(
  db: Kysely<Database>,
  dialect: Dialect,
  employeeId: string,
  from: number,
  to: number,
): Promise<{ labelled: Array<{ name: string; label: string; n: number }>; unlabelled: string[] }> {
  const { rows } = await sql<{
    name: string;
    label: string | null;
    n: number | string;
    inside: number | string;
  }>`
    select file_name as name, file_label as label, count(*) as n,
      max(case when time >= ${from} and time < ${to} then 1 else 0 end) as inside
    from events e
    where ${subjectRows(dialect, 'e', employeeId)} and file_name is not null
    group by file_name, file_label
    order by file_name, file_label`.execute(db);
  const labelled: Array<{ name: string; label: string; n: number }> = [];
  const unlabelled: string[] = [];
  for (const row of rows) {
    if (row.label !== null) labelled.push({ name: row.name, label: row.label, n: Number(row.n) });
    else if (Number(row.inside) === 1) unlabelled.push(row.name);
  }
  return { labelled, unlabelled };
}

/** Remembers the label a file carries elsewhere, for events that lost it. */
export async function saveFileLabels(
  db: FindingsDb,
  employeeId: string,
  labels: ReadonlyArray<{ fileName: string; label: string }>,
): Promise<void> {
  for (let i = 0; i < labels.length; i += 500) {
    const chunk = labels.slice(i, i + 500);
    await db
      .insertInto('event_file_labels')
      .values(
        chunk.map((l) => ({ employee_id: employeeId, file_name: l.fileName, label: l.label })),
      )
      .onConflict((oc) =>
        oc
          .columns(['employee_id', 'file_name'])
          .doUpdateSet((eb) => ({ label: eb.ref('excluded.label') })),
      )
      .execute();
  }
}

/** Settings the rollup statements need. */
export interface RollupBuild {
  employeeId: string;
  dialect: Dialect;
  clock: WorkClock;
  companyDomains: readonly string[];
}

/** Removes every rollup row of an employee (a full rebuild follows). */
export async function clearRollups(db: FindingsDb, employeeId: string): Promise<void> {
  for (const table of [
    'event_daily',
    'event_halfhours',
    'event_contacts',
    'event_flags',
    'event_file_labels',
    'event_files',
    'event_deletion_hours',
  ] as const) {
    await db.deleteFrom(table).where('employee_id', '=', employeeId).execute();
  }
}

/**
 * Rebuilds the day-keyed rollups of an employee for the UTC days [firstDay, lastDay]: what
 * was there for those days is replaced by aggregates of the events now stored.
 */
export async function rebuildDays(
  db: FindingsDb,
  build: RollupBuild,
  firstDay: number,
  lastDay: number,
): Promise<void> {
  const { employeeId: id } = build;
  const from = firstDay * DAY_MS;
  const to = (lastDay + 1) * DAY_MS;
  await db
    .deleteFrom('event_daily')
    .where('employee_id', '=', id)
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay)
    .execute();
  await db
    .deleteFrom('event_halfhours')
    .where('employee_id', '=', id)
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .execute();
  await db
    .deleteFrom('event_contacts')
    .where('employee_id', '=', id)
    .where('day', '>=', firstDay)
    .where('day', '<=', lastDay)
    .execute();
  await db
    .deleteFrom('event_flags')
    .where('employee_id', '=', id)
    .where('time', '>=', from)
    .where('time', '<', to)
    .execute();
  await db
    .deleteFrom('event_deletion_hours')
    .where('employee_id', '=', id)
    .where('hour', '>=', from / 3_600_000)
    .where('hour', '<', to / 3_600_000)
    .execute();
  await sql`insert into event_deletion_hours (employee_id, hour, files, mail, messages, labelled)
    ${deletionHoursSelect(build, from, to)}`.execute(db);
  await groupedByHash(
    db,
    build.dialect,
    sql`insert into event_daily (employee_id, day, category, activity, app, label, destination, item, outcome, n, bytes, off_hours, first_time, last_time)
    ${dailyFactsSelect(build, from, to)}`,
  );
  await sql`insert into event_halfhours (employee_id, bucket, n)
    ${halfhourFactsSelect(build, from, to)}`.execute(db);
  await sql`insert into event_contacts (employee_id, day, counterpart, kind, external, n, first_time, last_time)
    ${contactFactsSelect(build, from, to)}`.execute(db);
  await sql`insert into event_flags (employee_id, flag, time, event_id, detail)
    select employee_id, 'external_email', time, id, coalesce(file_destination, 'external_email') from events e
    where ${subjectRows(build.dialect, 'e', id, { from, to, activities: ['email_send'] })}
      and email_external = 1`.execute(db);
}

/**
 * Runs a GROUP BY statement of the rollup build with PostgreSQL grouping its rows in a hash
 * table rather than sorting them. The planner takes the groups of event_daily's nine columns
 * for as many as its rows (it multiplies their distinct counts), so it sorted a subject's
 * million rows, spilling past work_mem, into 27,000 groups: 3.2 s of backend CPU in the report
 * case's first analysis, 1.3 s by hash (past work_mem a hash spills too, so memory stays bounded).
 * Inside the build's transaction: SET LOCAL ends with it at the latest. SQLite only sorts.
 */
async function groupedByHash(
  db: FindingsDb,
  dialect: Dialect,
  statement: RawBuilder<unknown>,
): Promise<void> {
  if (dialect !== 'postgres') {
    await statement.execute(db);
    return;
  }
  await sql`set local enable_sort = off`.execute(db);
  await statement.execute(db);
  await sql`set local enable_sort to default`.execute(db);
}

/**
 * The event_daily columns computed straight from events in [from, to): what the rollup
 * stores, and what finding queries add for the part of a window that is not whole days.
 */
export function dailyFactsSelect(build: RollupBuild, from: number, to: number) {
  const off = offHoursSql('e.time', build.clock);
  return sql`select e.employee_id, e.time / ${sql.lit(DAY_MS)} as day, e.category, e.activity,
      coalesce(e.app, '') as app, coalesce(e.file_label, fl.label, '') as label,
      coalesce(e.file_destination, '') as destination,
      coalesce(e.repository, e.process_name, '') as item, e.outcome,
      count(*) as n, sum(coalesce(e.file_size, e.email_size, 0)) as bytes, sum(${off}) as off_hours,
      min(e.time) as first_time, max(e.time) as last_time
    from events e
    left join event_file_labels fl
      on e.file_label is null and fl.employee_id = e.employee_id and fl.file_name = e.file_name
    where ${subjectRows(build.dialect, 'e', build.employeeId, { from, to })}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;
}

/**
 * event_deletion_hours rows computed from events in [from, to): deletions per hour, mail
 * counted in items (one mail event may hard-delete several).
 */
export function deletionHoursSelect(build: RollupBuild, from: number, to: number) {
  const items = jsonNumber(build.dialect, 'attributes', 'itemCount');
  const deletions = ['file_delete', 'email_delete', 'chat_delete'];
  return sql`select employee_id, time / ${sql.lit(HOUR_MS)} as hour,
      sum(case when activity = 'file_delete' then 1 else 0 end) as files,
      sum(case when activity = 'email_delete' then coalesce(${items}, 1) else 0 end) as mail,
      sum(case when activity = 'chat_delete' then 1 else 0 end) as messages,
      sum(case when file_label is not null then 1 else 0 end) as labelled
    from events e
    where ${subjectRows(build.dialect, 'e', build.employeeId, { from, to, activities: deletions })}
    group by 1, 2`;
}

/**
 * event_halfhours rows computed from events in [from, to). On SQLite the non-empty half hours
 * are walked in time order through the (employee, time) index, each counted by a range of it:
 * SQLite does not see that the bucket follows the index's order and sorted every event of the
 * range into a temporary B-tree for the GROUP BY (0.66-0.72 s for the analysis bench's million
 * events, 0.13-0.14 s walked). Times before 1970 would round towards zero, so such a range
 * keeps the GROUP BY; PostgreSQL groups by hash.
 */
export function halfhourFactsSelect(build: RollupBuild, from: number, to: number) {
  const { employeeId: id } = build;
  const size = sql.lit(HALF_HOUR_MS);
  if (build.dialect === 'sqlite' && from >= 0) {
    return sql`select * from (with recursive walk(bucket) as (
        select (min(time) / ${size}) * ${size} from events
        where employee_id = ${id} and time >= ${from} and time < ${to}
        union all
        select (select (min(time) / ${size}) * ${size} from events
          where employee_id = ${id} and time >= walk.bucket + ${size} and time < ${to})
        from walk where walk.bucket is not null
      )
      select ${id} as employee_id, bucket, (select count(*) from events
          where employee_id = ${id} and time >= max(walk.bucket, ${from})
            and time < min(walk.bucket + ${size}, ${to})) as n
      from walk where bucket is not null)`;
  }
  return sql`select employee_id, (time / ${size}) * ${size} as bucket, count(*) as n
    from events where employee_id = ${id} and time >= ${from} and time < ${to}
    group by 1, 2`;
}

/** event_contacts rows computed from events in [from, to): mail recipients, share targets, channels. */
export function contactFactsSelect(build: RollupBuild, from: number, to: number) {
  const { employeeId: id, dialect } = build;
  const recipient = sql<string>`lower(r.value)`;
  const target = sql<string>`lower(e.target)`;
  const range = (slice: SubjectSlice) => subjectRows(dialect, 'e', id, { from, to, ...slice });
  return sql`select employee_id, day, counterpart, kind, max(external) as external, count(*) as n,
      min(time) as first_time, max(time) as last_time from (
      select e.employee_id, e.time / ${sql.lit(DAY_MS)} as day, ${recipient} as counterpart, 'email' as kind,
        case when ${internalAddressSql(recipient, build.companyDomains)} then 0 else 1 end as external, e.time
      from events e cross join ${jsonArrayRows(dialect, 'e.email_recipients', 'r')}
      where ${range({ activities: ['email_send'] })}
      union all
      select e.employee_id, e.time / ${sql.lit(DAY_MS)}, ${target}, 'share',
        case when ${internalAddressSql(target, build.companyDomains)} then 0 else 1 end, e.time
      from events e
      where ${range({ activities: ['file_share', 'file_share_external'] })} and e.target like '%@%'
      union all
      select e.employee_id, e.time / ${sql.lit(DAY_MS)}, '#' || e.chat_channel, 'channel',
        coalesce(e.chat_external, 0), e.time
      from events e
      where ${range({ categories: ['chat'] })} and e.chat_channel is not null and coalesce(e.chat_direct, 0) = 0
    ) c group by 1, 2, 3, 4`;
}

/**
 * Serializes rollup builds of one employee across processes on PostgreSQL (an advisory lock
 * held until the transaction ends); SQLite transactions are serialized already.
 */
export async function lockEmployeeRollups(
  db: FindingsDb,
  dialect: Dialect,
  employeeId: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`vigil-rollups:${employeeId}`}))`.execute(db);
}
