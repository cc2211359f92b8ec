import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';

import { defaultPrivacySettings } from '../../../shared/schemas/privacy';
import type { Retention } from '../../../shared/schemas/privacy';
import { readJson, toJson } from '../dialect';
import type { Dialect } from '../dialect';
import type { Database } from '../schema';
import { findingsDb } from './findings/tables';
import { incidentsDb } from './incident-tables';
import { keptByCase } from './retention-protection';

const DAY_MS = 86_400_000;
const HALF_HOUR_MS = 1_800_000;
const HOUR_MS = 3_600_000;

/**
 * Saves the retention periods into the privacy settings document, leaving every other field
 * as stored (another screen owns them). Call it inside the transaction that audits the change.
 */
export async function saveRetention(
  trx: Kysely<Database>,
  dialect: Dialect,
  retention: Retention,
  userId: string,
  now: number,
): Promise<void> {
  let read = trx.selectFrom('privacy_settings').select('value').where('id', '=', 1);
  // The row stays ours until commit, so a save of the other fields cannot be lost in between.
  if (dialect === 'postgres') read = read.forUpdate();
  const row = await read.executeTakeFirst();
  const stored = row ? readJson<Record<string, unknown>>(row.value) : { ...defaultPrivacySettings };
  const value = toJson({ ...stored, retention });
  await trx
    .insertInto('privacy_settings')
    .values({ id: 1, value, updated_by: userId, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ value, updated_by: userId, updated_at: now }))
    .execute();
}

/** A case whose subject's events in its window outlive the events period. */
export interface ProtectedCase {
  id: string;
  title: string;
  subjectEmployeeId: string;
  windowStart: number;
  windowEnd: number;
  held: boolean;
}

/** Cases not closed, and cases on legal hold: their windows must keep their events. */
export async function listProtectedCases(db: Kysely<Database>): Promise<ProtectedCase[]> {
  const rows = await db
    .selectFrom('investigations')
    .select(['id', 'title', 'subject_employee_id', 'window_start', 'window_end', 'legal_hold_at'])
    .where((eb) => eb.or([eb('status', '<>', 'closed'), eb('legal_hold_at', 'is not', null)]))
    .orderBy('window_start')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    subjectEmployeeId: row.subject_employee_id,
    windowStart: Number(row.window_start),
    windowEnd: Number(row.window_end),
    held: row.legal_hold_at !== null,
  }));
}

/**
 * The next employee id after `after` that has events (one index probe each, so walking every
 * person costs one probe per person), or undefined past the last.
 */
export async function nextEmployeeWithEvents(
  db: Kysely<Database>,
  after: string | null,
): Promise<string | undefined> {
  let query = db.selectFrom('events').select((eb) => eb.fn.min('employee_id').as('id'));
  query =
    after === null
      ? query.where('employee_id', 'is not', null)
      : query.where('employee_id', '>', after);
  const row = await query.executeTakeFirst();
  return row?.id ?? undefined;
}

/** The events retention removes: received before `before` and kept by no case. */
function removableEvents(db: Kysely<Database>, employeeId: string | null, before: number) {
  const old = db.selectFrom('events as e');
  return (
    employeeId === null
      ? old.where('e.employee_id', 'is', null)
      : old.where('e.employee_id', '=', employeeId)
  )
    .where('e.ingested_at', '<', before)
    .where(sql<SqlBool>`not ${keptByCase('e')}`);
}

/**
 * Removes up to `limit` events of one person (null: events mapped to nobody) that Vigil
 * received before `before` and no case keeps; returns the event times of those that went.
 * Whether a case keeps an event is decided in the statement itself, so a hold placed during a
 * run protects from the next batch on.
 */
export async function deleteEventsBatch(
  db: Kysely<Database>,
  employeeId: string | null,
  before: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .deleteFrom('events')
    .where('id', 'in', removableEvents(db, employeeId, before).select('e.id').limit(limit))
    .returning('time')
    .execute();
  return rows.map((row) => Number(row.time));
}

/** How many events a run now would remove (the dry run of "Run now"). */
export async function countRemovableEvents(db: Kysely<Database>, before: number): Promise<number> {
  const row = await db
    .selectFrom('events as e')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('e.ingested_at', '<', before)
    .where(sql<SqlBool>`not ${keptByCase('e')}`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The earliest event time a person has left, or null when they have none. */
export async function firstEventTime(
  db: Kysely<Database>,
  employeeId: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.min('time').as('time'))
    .where('employee_id', '=', employeeId)
    .executeTakeFirst();
  return row?.time === null || row?.time === undefined ? null : Number(row.time);
}

/** Removes the alert links of a person's alerts whose event is gone, and recounts them. */
export async function deleteAlertEvents(db: Kysely<Database>, employeeId: string): Promise<number> {
  const result = await db
    .deleteFrom('alert_events')
    .where('alert_id', 'in', (eb) =>
      eb.selectFrom('alerts').select('id').where('employee_id', '=', employeeId),
    )
    .where(
      sql<SqlBool>`not exists (select 1 from events e
      where e.id = alert_events.event_id and e.time = alert_events.time)`,
    )
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  // An alert counts the events behind it, as detection does when it writes one.
  if (removed > 0)
    await sql`update alerts set event_count =
      (select count(*) from alert_events where alert_id = alerts.id)
      where employee_id = ${employeeId}`.execute(db);
  return removed;
}

/** Removes, from the timelines of the person's cases, the events that are gone. */
export async function deleteIncidentEvents(
  db: Kysely<Database>,
  employeeId: string,
): Promise<number> {
  const result = await incidentsDb(db)
    .deleteFrom('incident_events')
    .where('incident_id', 'in', (eb) =>
      eb
        .selectFrom('incidents as n')
        .innerJoin('investigations as i', 'i.id', 'n.investigation_id')
        .select('n.id')
        .where('i.subject_employee_id', '=', employeeId),
    )
    .where(
      sql<SqlBool>`not exists (select 1 from events e
      where e.id = incident_events.event_id and e.time = incident_events.time)`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Drops a person's rollup rows for the whole UTC days before `before` (a day boundary), where
 * every event is gone. The per-file totals span all days: the caller rebuilds them.
 */
export async function trimRollupDays(db: Kysely<Database>, employeeId: string, before: number) {
  const tables = findingsDb(db);
  const day = Math.floor(before / DAY_MS);
  await tables
    .deleteFrom('event_daily')
    .where('employee_id', '=', employeeId)
    .where('day', '<', day)
    .execute();
  await tables
    .deleteFrom('event_contacts')
    .where('employee_id', '=', employeeId)
    .where('day', '<', day)
    .execute();
  await tables
    .deleteFrom('event_halfhours')
    .where('employee_id', '=', employeeId)
    .where('bucket', '<', Math.floor(before / HALF_HOUR_MS) * HALF_HOUR_MS)
    .execute();
  await tables
    .deleteFrom('event_flags')
    .where('employee_id', '=', employeeId)
    .where('time', '<', before)
    .execute();
  await tables
    .deleteFrom('event_deletion_hours')
    .where('employee_id', '=', employeeId)
    .where('hour', '<', Math.floor(before / HOUR_MS))
    .execute();
}

/** Forgets what a person's rollups hold, so the next finding rebuilds them from the events kept. */
export async function forgetRollups(db: Kysely<Database>, employeeId: string): Promise<void> {
  await findingsDb(db).deleteFrom('rollup_state').where('employee_id', '=', employeeId).execute();
}

/** Closed cases not on hold, closed before `before`: the ones retention removes. */
export async function listExpiredCases(
  db: Kysely<Database>,
  before: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('investigations')
    .select('id')
    .where('status', '=', 'closed')
    .where('closed_at', '<', before)
    .where('legal_hold_at', 'is', null)
    .orderBy('closed_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** How many closed cases a run now would remove (the dry run of "Run now"). */
export async function countExpiredCases(db: Kysely<Database>, before: number): Promise<number> {
  const row = await db
    .selectFrom('investigations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'closed')
    .where('closed_at', '<', before)
    .where('legal_hold_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Closed cases that retention would remove but for their legal hold. */
export async function listHeldExpiredCases(
  db: Kysely<Database>,
  before: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('investigations')
    .select('id')
    .where('status', '=', 'closed')
    .where('closed_at', '<', before)
    .where('legal_hold_at', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Removes a case and, through the foreign keys' cascades, everything of it: members, notes,
 * checklist, pins, incidents and their timelines, risk assessment and override, reveals.
 * Alerts it was opened from stay, unlinked. Checked again in the statement, so a case reopened
 * or held meanwhile stays. Returns whether it went.
 */
export async function deleteExpiredCase(
  db: Kysely<Database>,
  id: string,
  before: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('investigations')
    .where('id', '=', id)
    .where('status', '=', 'closed')
    .where('closed_at', '<', before)
    .where('legal_hold_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
