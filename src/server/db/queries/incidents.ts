import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import { containsInsensitive, containsPattern } from '../dialect';
import { EVENT_LIST_SELECTION, normalizeEventRow } from './event-columns';
import type { EventListRow } from './event-columns';
import { personConditions } from './person-match';
import type { PersonSearch } from './person-match';
import type { Database } from '../schema';
import { incidentsDb } from './incident-tables';
import type { IncidentsTable } from './incident-tables';
import { visibleTo } from './investigations';
import type { Visibility } from './investigations';

/** An incident row with the user who last set its status. */
export type IncidentRow = IncidentsTable & {
  status_by_email: string | null;
  status_by_name: string | null;
};

/** Filters of the incident list; the technique filter is applied on the JSON list in JS (a case holds dozens). */
export interface IncidentFilter {
  status?: string | undefined;
  severity?: string | undefined;
}

function incidentQuery(db: Kysely<Database>) {
  return incidentsDb(db)
    .selectFrom('incidents as n')
    .leftJoin('users as u', 'u.id', 'n.status_by')
    .selectAll('n')
    .select(['u.email as status_by_email', 'u.display_name as status_by_name']);
}

/** A case's incidents, earliest first. */
export function listIncidents(
  db: Kysely<Database>,
  investigationId: string,
  filter: IncidentFilter = {},
): Promise<IncidentRow[]> {
  let query = incidentQuery(db).where('n.investigation_id', '=', investigationId);
  if (filter.status) query = query.where('n.status', '=', filter.status);
  if (filter.severity) query = query.where('n.severity', '=', filter.severity);
  return query.orderBy('n.first_seen').orderBy('n.id').execute();
}

/** One incident of a case. */
export function findIncident(
  db: Kysely<Database>,
  investigationId: string,
  incidentId: string,
): Promise<IncidentRow | undefined> {
  return incidentQuery(db)
    .where('n.investigation_id', '=', investigationId)
    .where('n.id', '=', incidentId)
    .executeTakeFirst();
}

/** Sets an incident's status, reason and who did it. */
export async function updateIncidentStatus(
  db: Kysely<Database>,
  incidentId: string,
  change: { status: string; reason: string | null; userId: string; now: number },
): Promise<void> {
  await incidentsDb(db)
    .updateTable('incidents')
    .set({
      status: change.status,
      status_reason: change.reason,
      status_by: change.userId,
      status_at: change.now,
      updated_at: change.now,
    })
    .where('id', '=', incidentId)
    .execute();
}

/**
 * The events with these ids, earliest first, as EVENT_COLUMNS read them. The ids travel as one list
 * parameter (a JSON array on SQLite, an array on PostgreSQL): a statement of a thousand
 * parameters cost more to build and bind than its rows to read. `span`, when the caller knows
 * the times of those events (incident links hold them), bounds the read by time, so that
 * PostgreSQL looks in the months they lie in rather than in every partition for every id.
 */
export async function timelineEvents(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  ids: readonly number[],
  span?: { from: number; to: number },
): Promise<EventListRow[]> {
  if (ids.length === 0) return [];
  const postgres = dialect === 'postgres';
  let query = db
    .selectFrom('events')
    .select(EVENT_LIST_SELECTION)
    .where(
      postgres
        ? sql<boolean>`id = any(${[...ids]})`
        : sql<boolean>`id in (select value from json_each(${JSON.stringify(ids)}))`,
    );
  if (span) query = query.where('time', '>=', span.from).where('time', '<=', span.to);
  const rows = (await query.execute()).map(normalizeEventRow);
  return rows.sort((a, b) => a.time - b.time || a.id - b.id);
}

/** The event ids on one incident's timeline, earliest first, and how many it holds in all. */
export async function incidentEventIds(
  db: Kysely<Database>,
  incidentId: string,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const idb = incidentsDb(db);
  const [rows, count] = await Promise.all([
    idb
      .selectFrom('incident_events')
      .select('event_id')
      .where('incident_id', '=', incidentId)
      .orderBy('time')
      .orderBy('event_id')
      .limit(limit)
      .execute(),
    idb
      .selectFrom('incident_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('incident_id', '=', incidentId)
      .executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => Number(row.event_id)), total: Number(count.n) };
}

/**
 * A page of every incident event of a case in time order, after the (time, event id) cursor,
 * with the incidents each belongs to.
 */
export async function caseTimelinePage(
  db: Kysely<Database>,
  investigationId: string,
  limit: number,
  after: { time: number; eventId: number } | null,
): Promise<{ ids: number[]; incidentsOf: Map<number, string[]>; more: boolean }> {
  const idb = incidentsDb(db);
  let query = idb
    .selectFrom('incident_events as ie')
    .innerJoin('incidents as n', 'n.id', 'ie.incident_id')
    .select(['ie.event_id', 'ie.time'])
    .distinct()
    .where('n.investigation_id', '=', investigationId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('ie.time', '>', after.time),
        eb.and([eb('ie.time', '=', after.time), eb('ie.event_id', '>', after.eventId)]),
      ]),
    );
  }
  const page = await query
    .orderBy('ie.time')
    .orderBy('ie.event_id')
    .limit(limit + 1)
    .execute();
  const more = page.length > limit;
  const ids = page.slice(0, limit).map((row) => Number(row.event_id));
  const incidentsOf = new Map<number, string[]>();
  if (ids.length > 0) {
    const links = await idb
      .selectFrom('incident_events as ie')
      .innerJoin('incidents as n', 'n.id', 'ie.incident_id')
      .select(['ie.event_id', 'ie.incident_id'])
      .where('n.investigation_id', '=', investigationId)
      .where('ie.event_id', 'in', ids)
      .execute();
    for (const link of links) {
      const key = Number(link.event_id);
      incidentsOf.set(key, [...(incidentsOf.get(key) ?? []), link.incident_id]);
    }
  }
  return { ids, incidentsOf, more };
}

/** An incident found by the palette, with its case's title and subject. */
export type IncidentSearchRow = IncidentRow & {
  investigation_title: string;
  subject_id: string;
  subject_full_name: string;
  subject_email: string;
  subject_department: string | null;
  subject_title: string | null;
};

/** Incidents of the cases the caller may see whose text matches, most recent first. */
export function searchIncidents(
  db: Kysely<Database>,
  visibility: Visibility,
  q: string,
  limit: number,
  person: PersonSearch,
): Promise<IncidentSearchRow[]> {
  let query = incidentsDb(db)
    .selectFrom('incidents as n')
    .innerJoin('investigations as i', 'i.id', 'n.investigation_id')
    .innerJoin('employees as e', 'e.id', 'i.subject_employee_id')
    .leftJoin('users as u', 'u.id', 'n.status_by')
    .selectAll('n')
    .select([
      'u.email as status_by_email',
      'u.display_name as status_by_name',
      'i.title as investigation_title',
      'e.id as subject_id',
      'e.full_name as subject_full_name',
      'e.email as subject_email',
      'e.department as subject_department',
      'e.title as subject_title',
    ])
    .where(visibleTo(visibility));
  if (q) {
    query = query.where((eb) =>
      eb.or([
        containsInsensitive('n.title', q),
        containsInsensitive('n.id', q),
        containsInsensitive('n.rule_id', q),
        containsInsensitive('n.why', q),
        sql<boolean>`vigil_fold(cast(n.techniques as text)) like vigil_fold(${containsPattern(q)}) escape '\\'`,
        containsInsensitive('i.title', q),
        ...personConditions(eb, { id: 'e.id', name: 'e.full_name', email: 'e.email' }, q, person),
      ]),
    );
  }
  return query.orderBy('n.last_seen', 'desc').orderBy('n.id').limit(limit).execute();
}
