import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';

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
      const timelines = incidentsDb(db)
        .selectFrom('incident_events')
        .select('event_id')
        .where('incident_id', 'in', selection.incidentIds.length ? selection.incidentIds : ['']);
      return db
        .selectFrom('events')
        .where('employee_id', '=', employeeId)
        .where('id', 'in', sql<number>`(${timelines})`);
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
      return inWindow(db, employeeId, from, to).where((eb) =>
        eb.or([
          eb('activity', 'in', selection.activities.length ? selection.activities : ['']),
          eb('id', 'in', sql<number>`(${flagged})`),
          ...(selection.unmanagedDevices ? [eb('id', 'in', sql<number>`(${devices})`)] : []),
        ]),
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
