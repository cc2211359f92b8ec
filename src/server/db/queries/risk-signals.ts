import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import { RISKY_DESTINATIONS } from '../../../shared/schemas/findings/file-access';
import { dialectOf } from '../dialect';
import type { Database } from '../schema';
import { offsetIntervals } from '../../../shared/time/local-time';
import { OUTBOUND_ACTIVITIES } from './findings/files';
import { offHoursSql } from './findings/sql-parts';
import { incidentsDb } from './incident-tables';

/** Where a subject's events are read: their id and the investigation window [from, to). */
export interface SignalScope {
  employeeId: string;
  from: number;
  to: number;
}

/**
 * What makes an event an external transfer, the subject and window aside: the file movements
 * the file-access page counts (file events, and the mails and chat shares that carried a file
 * out) to the places it calls risky: what its figures, and the summary's "Sensitive files to
 * risky places", count too. One condition for the rows and their count.
 */
export function isTransfer(scope: Pick<SignalScope, 'from' | 'to'>) {
  return sql<boolean>`(category = 'file' or activity in (${sql.join([...OUTBOUND_ACTIVITIES])}))
    and time >= ${scope.from} and time < ${scope.to}
    and file_destination in (${sql.join([...RISKY_DESTINATIONS])})`;
}

/**
 * Transfers to places the company does not control: removable media, personal mail or cloud,
 * public links, external shares. The score counts them and its drill-down lists them.
 */
export function externalTransfers(db: Kysely<Database>, scope: SignalScope) {
  return db
    .selectFrom('events')
    .where('employee_id', '=', scope.employeeId)
    .where(isTransfer(scope));
}

/**
 * How many external transfers the subject made in the window. Few files leave, but no index is
 * keyed on the destination, so every file event of the window is read to find them.
 * PostgreSQL reads them through its partial index of file events, in page order (a bitmap).
 * SQLite looked each up in the table in time order, a page read apart, and walked every mail of
 * the subject (employee, activity, time): 1.2-1.5 s of CPU for a million events. Here it takes
 * the file events' ids first, so the table is read in rowid order (0.4 s), and the mails and
 * chat shares through the partial index of those that carry a file out (migration 0006, whose
 * condition is repeated word for word; told to, as files.ts's fileEvents does): 25 ms.
 * Both halves keep the whole condition, so the sum counts what externalTransfers lists.
 */
export async function countExternalTransfers(
  db: Kysely<Database>,
  scope: SignalScope,
): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const row = await externalTransfers(db, scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const { employeeId, from, to } = scope;
  const { rows } = await sql<{ files: number; messages: number }>`
    select
      (select count(*) from events
        where id in (select id from events
          where employee_id = ${employeeId} and category = 'file' and time >= ${from} and time < ${to})
        and ${isTransfer(scope)}) as files,
      (select count(*) from events indexed by events_employee_outbound
        where employee_id = ${employeeId} and category <> 'file'
          and file_destination is not null and activity in ('email_send', 'chat_file_share')
          and ${isTransfer(scope)}) as messages`.execute(db);
  return Number(rows[0]!.files) + Number(rows[0]!.messages);
}

/** The ids of the newest `limit` external transfers, newest first. */
export async function externalTransferIds(
  db: Kysely<Database>,
  scope: SignalScope,
  limit: number,
): Promise<string[]> {
  const rows = await externalTransfers(db, scope)
    .select('id')
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => String(row.id));
}

/**
 * When the subject's own actions are read: their zone and hours. Parts scored before the zone
 * was recorded carry only the offset at the middle of the window.
 */
export interface WorkingZone {
  offsetMs: number;
  timezone?: string | undefined;
  startHour: number;
  endHour: number;
}

/**
 * True for an event in [from, to) outside the working hours or on a weekend, on the subject's
 * clock (shared/time/local-time.ts): the rule the working hours figure counts by.
 */
export function offHoursCondition(zone: WorkingZone, span: { from: number; to: number }) {
  const offsets = zone.timezone
    ? offsetIntervals(zone.timezone, span.from, span.to)
    : [{ from: Number.NEGATIVE_INFINITY, offsetMs: zone.offsetMs }];
  return sql<boolean>`(${offHoursSql('time', { offsets, startHour: zone.startHour, endHour: zone.endHour })} = 1)`;
}

/** The subject's own actions: device inventory and HR records are written by systems, not them. */
export const OWN_ACTION_EXCLUDED_CATEGORIES = ['device', 'hr'] as const;

/**
 * How many of the subject's own actions fall outside their working hours or on a weekend, on
 * their clock. Device inventory and HR records are left out: systems write those, not the
 * person.
 */
export async function countAfterHours(
  db: Kysely<Database>,
  scope: SignalScope,
  zone: WorkingZone,
): Promise<{ total: number; offHours: number }> {
  const row = await db
    .selectFrom('events')
    .select([
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when ${offHoursCondition(zone, scope)} then 1 else 0 end)`.as('off'),
    ])
    .where('employee_id', '=', scope.employeeId)
    .where('time', '>=', scope.from)
    .where('time', '<', scope.to)
    .where('category', 'not in', [...OWN_ACTION_EXCLUDED_CATEGORIES])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), offHours: Number(row.off ?? 0) };
}

/**
 * When the HR feed recorded the subject's resignation and departure (first of each), up to
 * `to`, and the events that say so.
 */
export async function findDepartureEvents(
  db: Kysely<Database>,
  employeeId: string,
  to: number,
): Promise<{ resignation: number | null; departure: number | null; eventIds: string[] }> {
  const rows = await db
    .selectFrom('events')
    .select(['id', 'activity', 'time'])
    .where('employee_id', '=', employeeId)
    .where('activity', 'in', ['hr_resignation', 'hr_departure'])
    .where('time', '<', to)
    .execute();
  return departureOf(rows);
}

/** The first resignation and departure among a person's HR rows, and their events. */
export function departureOf(
  rows: Array<{ id: number | string; activity: string; time: number | string }>,
): { resignation: number | null; departure: number | null; eventIds: string[] } {
  // Sorted here, not in SQL: ordered by time, SQLite walked every event of the person through
  // the (employee, time) index (0.2 s at a million) instead of seeking the two activities.
  rows.sort((a, b) => Number(a.time) - Number(b.time) || Number(a.id) - Number(b.id));
  const first = (activity: string) => rows.find((r) => r.activity === activity);
  const resignation = first('hr_resignation');
  const departure = first('hr_departure');
  return {
    resignation: resignation ? Number(resignation.time) : null,
    departure: departure ? Number(departure.time) : null,
    eventIds: [resignation, departure].filter((r) => r !== undefined).map((r) => String(r.id)),
  };
}

/** Every incident of the case with what the score and its explanation need. */
export function incidentWeights(db: Kysely<Database>, investigationId: string) {
  return incidentsDb(db)
    .selectFrom('incidents')
    .select(['id', 'severity', 'status', 'title', 'event_count'])
    .where('investigation_id', '=', investigationId)
    .orderBy('first_seen')
    .orderBy('id')
    .execute();
}
