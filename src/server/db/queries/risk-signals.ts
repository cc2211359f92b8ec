import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import { RISKY_DESTINATIONS } from '../../../shared/schemas/findings/file-access';
import type { Database } from '../schema';
import { OUTBOUND_ACTIVITIES } from './findings/files';
import { incidentsDb } from './incident-tables';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Where a subject's events are read: their id and the investigation window [from, to). */
export interface SignalScope {
  employeeId: string;
  from: number;
  to: number;
}

/**
 * Transfers to places the company does not control: removable media, personal mail or cloud,
 * public links, external shares. The score counts them and its drill-down lists them.
 */
export function externalTransfers(db: Kysely<Database>, scope: SignalScope) {
  return (
    db
      .selectFrom('events')
      .where('employee_id', '=', scope.employeeId)
      // The file movements the file-access page counts (file events, and the mails and chat
      // shares that carried a file out) to the places it calls risky: what its figures, and the
      // summary's "Sensitive files to risky places", count too.
      .where((eb) =>
        eb.or([eb('category', '=', 'file'), eb('activity', 'in', [...OUTBOUND_ACTIVITIES])]),
      )
      .where('time', '>=', scope.from)
      .where('time', '<', scope.to)
      .where('file_destination', 'in', [...RISKY_DESTINATIONS])
  );
}

/** How many external transfers the subject made in the window. */
export async function countExternalTransfers(
  db: Kysely<Database>,
  scope: SignalScope,
): Promise<number> {
  const row = await externalTransfers(db, scope)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/** When the subject's own actions are read: their zone as a fixed offset and their hours. */
export interface WorkingZone {
  offsetMs: number;
  startHour: number;
  endHour: number;
}

/** True for an event outside the working hours or on a weekend, in the subject's zone. */
export function offHoursCondition(zone: WorkingZone) {
  const local = sql`(time + ${zone.offsetMs})`;
  const hour = sql`((${local} % ${DAY_MS}) / ${HOUR_MS})`;
  const weekday = sql`(((${local} / ${DAY_MS}) + 4) % 7)`;
  return sql<boolean>`(${hour} < ${zone.startHour} or ${hour} >= ${zone.endHour} or ${weekday} in (0, 6))`;
}

/** The subject's own actions: device inventory and HR records are written by systems, not them. */
export const OWN_ACTION_EXCLUDED_CATEGORIES = ['device', 'hr'] as const;

/**
 * How many of the subject's own actions fall outside their working hours or on a weekend, in
 * their time zone (a fixed offset for the window: a daylight-saving shift moves an hour's
 * worth of events at the edges, which does not change a share). Device inventory and HR
 * records are left out: systems write those, not the person.
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
      sql<number>`sum(case when ${offHoursCondition(zone)} then 1 else 0 end)`.as('off'),
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
    .orderBy('time')
    .orderBy('id')
    .execute();
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
