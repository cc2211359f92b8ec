import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';

import type { RiskEventSelection } from '../../../shared/schemas/risk';
import type { Database } from '../schema';
import { EVENT_LIST_SELECTION } from './event-columns';
import type { EventListRow } from './event-columns';
import { findingsDb } from './findings/tables';
import { incidentsDb } from './incident-tables';
import {
  countExternalTransfers,
  externalTransfers,
  offHoursCondition,
  OWN_ACTION_EXCLUDED_CATEGORIES,
} from './risk-signals';

type EventsQuery = SelectQueryBuilder<Database, 'events', object>;

/** The subject's events in [from, to). */
function inWindow(db: Kysely<Database>, employeeId: string, from: number, to: number) {
  return db
    .selectFrom('events')
    .where('employee_id', '=', employeeId)
    .where('time', '>=', from)
    .where('time', '<', to);
}

type HygieneSelection = Extract<RiskEventSelection, { kind: 'hygiene' }>;

/**
 * What makes an event count in the security hygiene part, any one of them: its activity, a
 * command pattern the rollups flagged on it, or being an unmanaged device's last check-in.
 */
function hygieneConditions(
  db: Kysely<Database>,
  employeeId: string,
  selection: HygieneSelection,
): Array<(eb: ExpressionBuilder<Database, 'events'>) => Expression<SqlBool>> {
  const { from, to } = selection;
  const flagged = findingsDb(db)
    .selectFrom('event_flags')
    .select('event_id')
    .where('employee_id', '=', employeeId)
    .where('flag', '=', 'command')
    .where('time', '>=', from)
    .where('time', '<', to)
    .where('detail', 'in', selection.commandPatterns.length ? selection.commandPatterns : ['']);
  // An unmanaged device counts once: its last check-in, as the devices page shows it.
  const devices = db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('employee_id', '=', employeeId)
    .where('activity', '=', 'device_seen')
    .where('time', '>=', from)
    .where('time', '<', to)
    .groupBy(sql`coalesce(device_id, device_name)`)
    .having((eb) => eb.fn.min('device_managed'), '=', 0);
  return [
    (eb) => eb('activity', 'in', selection.activities.length ? selection.activities : ['']),
    (eb) => eb('id', 'in', sql<number>`(${flagged})`),
    ...(selection.unmanagedDevices
      ? [(eb: ExpressionBuilder<Database, 'events'>) => eb('id', 'in', sql<number>`(${devices})`)]
      : []),
  ];
}

/**
 * The hygiene part's events counted as the union of each condition's events, each read
 * through its own index (activities, flagged ids, device check-ins): the same events as the
 * OR of them, which both engines answer by testing every event of the window (3.3 s of CPU
 * for a subject with a million events on SQLite).
 */
async function countHygieneEvents(
  db: Kysely<Database>,
  employeeId: string,
  selection: HygieneSelection,
): Promise<number> {
  const [first, ...rest] = hygieneConditions(db, employeeId, selection).map((condition) =>
    inWindow(db, employeeId, selection.from, selection.to).select('id').where(condition),
  );
  const union = rest.reduce((all, branch) => all.union(branch), first!);
  const row = await db
    .selectFrom(union.as('u'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The subject's events a part of the risk score counted, as its selection describes them. The
 * run counts a part's events with this query and its drill-down lists them with it, so the two
 * cannot disagree.
 */
function selectPartEvents(
  db: Kysely<Database>,
  employeeId: string,
  selection: RiskEventSelection,
): EventsQuery {
  switch (selection.kind) {
    case 'incidents': {
      // By id and time, as each link records them: PostgreSQL then looks each event up in its
      // month's partition only, where by id alone it probed every partition's primary key
      // (76,866 events of the report bench's case: 844 -> 476 ms at 5 partitions, and 156
      // probes an event at ten million); SQLite reads each through (employee, time, id).
      const timelines = incidentsDb(db)
        .selectFrom('incident_events')
        .select(['event_id', 'time'])
        .where('incident_id', 'in', selection.incidentIds.length ? selection.incidentIds : ['']);
      return db
        .selectFrom('events')
        .where('employee_id', '=', employeeId)
        .where(sql<SqlBool>`("events"."id", "events"."time") in (${timelines})`);
    }
    case 'transfers':
      return externalTransfers(db, { employeeId, from: selection.from, to: selection.to });
    case 'afterHours': {
      const events = inWindow(db, employeeId, selection.from, selection.to).where(
        offHoursCondition(selection, selection),
      );
      return selection.systemRecords
        ? events
        : events.where('category', 'not in', [...OWN_ACTION_EXCLUDED_CATEGORIES]);
    }
    case 'hygiene': {
      const { from, to } = selection;
      return inWindow(db, employeeId, from, to).where((eb) =>
        eb.or(hygieneConditions(db, employeeId, selection).map((condition) => condition(eb))),
      );
    }
    case 'ids':
      return db
        .selectFrom('events')
        .where('employee_id', '=', employeeId)
        .where('id', 'in', selection.ids.length ? selection.ids.map(Number) : [-1]);
  }
}

/** How many events a part counted. */
export async function countPartEvents(
  db: Kysely<Database>,
  employeeId: string,
  selection: RiskEventSelection,
): Promise<number> {
  // The same condition as the rows' (externalTransfers), counted over an index that carries it.
  if (selection.kind === 'transfers')
    return countExternalTransfers(db, { employeeId, from: selection.from, to: selection.to });
  if (selection.kind === 'hygiene') return countHygieneEvents(db, employeeId, selection);
  const row = await selectPartEvents(db, employeeId, selection)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the events a part counted, newest first, after the (time, id) of the last row sent. */
export async function listPartEvents(
  db: Kysely<Database>,
  employeeId: string,
  selection: RiskEventSelection,
  page: { after?: { time: number; id: number }; limit: number },
): Promise<EventListRow[]> {
  const { after } = page;
  let query = selectPartEvents(db, employeeId, selection).select(EVENT_LIST_SELECTION);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('time', '<', after.time),
        eb.and([eb('time', '=', after.time), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  // PostgreSQL's bigint columns may arrive as strings.
  return rows.map((row): EventListRow => ({
    ...row,
    id: Number(row.id),
    time: Number(row.time),
    file_size: row.file_size === null ? null : Number(row.file_size),
  }));
}
