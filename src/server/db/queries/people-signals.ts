import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import { dialectOf } from '../dialect';
import type { Database } from '../schema';
import type { WorkingZone } from './risk-signals';
import { isTransfer, offHoursCondition, OWN_ACTION_EXCLUDED_CATEGORIES } from './risk-signals';

/*
 * The reads of a person's score (employee-risk.ts, risk-signals.ts) for a batch of people at
 * once, over one window: detection scores everyone whose events arrived, and one statement per
 * batch costs what one per person did. Each answers per person what its one-person reader does.
 */

/** Rows grouped by person, in the order they came. */
export function byPerson<T extends { employee_id: string | null }>(
  rows: readonly T[],
): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    if (row.employee_id === null) continue;
    const list = out.get(row.employee_id);
    if (list) list.push(row);
    else out.set(row.employee_id, [row]);
  }
  return out;
}

/** What scoring reads of each person. */
export function peopleForRisk(db: Kysely<Database>, ids: readonly string[]) {
  return db
    .selectFrom('employees')
    .select([
      'id',
      'timezone',
      'work_start_hour',
      'work_end_hour',
      'resignation_date',
      'departure_date',
    ])
    .where('id', 'in', [...ids])
    .execute();
}

/** findDepartureEvents's rows (HR resignations and departures before `to`) for several people. */
export async function departureRowsOf(db: Kysely<Database>, ids: readonly string[], to: number) {
  type Row = { employee_id: string | null; id: number | string; activity: string; time: number };
  // PostgreSQL: no lower time bound, so every partition; through a function whose plan each
  // connection keeps (migration 0049) rather than planned over them all at every batch.
  const rows: Row[] =
    dialectOf(db) === 'postgres'
      ? (
          await sql<Row>`select employee_id, id, activity, time
            from vigil_departure_rows(cast(${[...ids]} as text[]), cast(${to} as bigint))`.execute(
            db,
          )
        ).rows
      : await db
          .selectFrom('events')
          .select(['employee_id', 'id', 'activity', 'time'])
          .where('employee_id', 'in', [...ids])
          .where('activity', 'in', ['hr_resignation', 'hr_departure'])
          .where('time', '<', to)
          .execute();
  return byPerson(rows);
}

/**
 * countAfterHours for several people over one window: each person's own actions and those
 * outside their hours, every person on their own clock (`zones`, picked by index).
 */
export async function afterHoursOf(
  db: Kysely<Database>,
  people: ReadonlyArray<{ employeeId: string; zone: number }>,
  zones: readonly WorkingZone[],
  window: { from: number; to: number },
): Promise<Map<string, { total: number; offHours: number }>> {
  const out = new Map<string, { total: number; offHours: number }>();
  if (people.length === 0) return out;
  const list = people.map((p) => sql`(cast(${p.employeeId} as text), cast(${p.zone} as integer))`);
  const off = zones.map(
    (zone, i) =>
      sql`when ${sql.lit(i)} then (case when ${offHoursCondition(zone, window)} then 1 else 0 end)`,
  );
  const { rows } = await sql<{ person: string; total: number | string; off: number | string }>`
    with q (employee_id, zone) as (values ${sql.join(list)})
    select q.employee_id as person, count(*) as total,
      sum(case q.zone ${sql.join(off, sql` `)} end) as off
    from q inner join events on events.employee_id = q.employee_id
    where time >= ${window.from} and time < ${window.to}
      and category not in (${sql.join([...OWN_ACTION_EXCLUDED_CATEGORIES])})
    group by q.employee_id`.execute(db);
  for (const row of rows) {
    out.set(row.person, { total: Number(row.total), offHours: Number(row.off ?? 0) });
  }
  return out;
}

/**
 * Every external transfer (risk-signals.ts's externalTransfers) of several people in the
 * window: its count and its newest ids are each person's countExternalTransfers and
 * externalTransferIds. SQLite reads them in that file's two halves (file events by id, mails
 * and chat shares through their partial index), PostgreSQL in one.
 */
export async function externalTransfersOf(
  db: Kysely<Database>,
  ids: readonly string[],
  window: { from: number; to: number },
): Promise<Map<string, Array<{ id: string; time: number }>>> {
  const people = sql.join([...ids]);
  const { rows } =
    dialectOf(db) === 'postgres'
      ? await sql<{ employee_id: string; id: number | string; time: number | string }>`
          select employee_id, id, time from events
          where employee_id in (${people}) and ${isTransfer(window)}`.execute(db)
      : await sql<{ employee_id: string; id: number | string; time: number | string }>`
          select employee_id, id, time from events
          where id in (select id from events
            where employee_id in (${people}) and category = 'file'
              and time >= ${window.from} and time < ${window.to})
            and ${isTransfer(window)}
          union all
          select employee_id, id, time from events indexed by events_employee_outbound
          where employee_id in (${people}) and category <> 'file'
            and file_destination is not null and activity in ('email_send', 'chat_file_share')
            and ${isTransfer(window)}`.execute(db);
  const out = new Map<string, Array<{ id: string; time: number }>>();
  for (const [person, list] of byPerson(rows)) {
    out.set(
      person,
      list.map((row) => ({ id: String(row.id), time: Number(row.time) })),
    );
  }
  return out;
}
