import { randomUUID } from 'node:crypto';

import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

import { toJson } from '../dialect';
import { inTransaction } from '../in-transaction';
import type { Database } from '../schema';
import { incidentsDb } from './incident-tables';

/** An incident a run produced, before it is matched with what is stored. */
export interface ProducedIncident {
  ruleId: string;
  fingerprint: string;
  title: string;
  description: string;
  severity: string;
  techniques: readonly string[];
  firstSeen: number;
  lastSeen: number;
  why: string;
  eventCount: number;
  /** Selects of (incident id, event id, time) rows for its timeline, given its id. */
  timeline: (incidentId: string) => RawBuilder<unknown>[];
}

/** What syncing changed, for the run's log line. */
export interface SyncOutcome {
  created: number;
  updated: number;
  removed: number;
  /** Incidents people had acted on that the rules no longer produce; kept as they are. */
  kept: number;
}

/**
 * Brings a stored incident's timeline to the events its selects pick now, writing only the
 * difference: a run again usually picks the very same events, and deleting and inserting
 * every link again (two indexes to keep) was most of storing the report bench case's 186
 * incidents on a warm run. The links end as they did when all were rewritten: each event the
 * selects pick, once.
 */
async function relinkTimeline(
  trx: Kysely<Database>,
  incidentId: string,
  selects: readonly RawBuilder<unknown>[],
): Promise<void> {
  const idb = incidentsDb(trx);
  const wanted = new Map<number, number>();
  for (const select of selects) {
    const { rows } = await sql<{ event_id: number | string; time: number | string }>`
      select event_id, time from (${select}) as picked`.execute(trx);
    for (const row of rows) {
      const eventId = Number(row.event_id);
      if (!wanted.has(eventId)) wanted.set(eventId, Number(row.time));
    }
  }
  const stored = await idb
    .selectFrom('incident_events')
    .select(['event_id', 'time'])
    .where('incident_id', '=', incidentId)
    .execute();
  const gone: number[] = [];
  for (const row of stored) {
    const eventId = Number(row.event_id);
    if (wanted.get(eventId) === Number(row.time)) wanted.delete(eventId);
    else gone.push(eventId);
  }
  for (let i = 0; i < gone.length; i += LINK_CHUNK) {
    await idb
      .deleteFrom('incident_events')
      .where('incident_id', '=', incidentId)
      .where('event_id', 'in', gone.slice(i, i + LINK_CHUNK))
      .execute();
  }
  const added = [...wanted].map(([eventId, time]) => ({
    incident_id: incidentId,
    event_id: eventId,
    time,
  }));
  for (let i = 0; i < added.length; i += LINK_CHUNK) {
    await idb
      .insertInto('incident_events')
      .values(added.slice(i, i + LINK_CHUNK))
      .execute();
  }
}

/** Links written or removed per statement (three parameters a row, under SQLite's 32,766). */
const LINK_CHUNK = 500;

/**
 * Stores a run's incidents in one transaction, matching them with stored ones by fingerprint:
 * a match keeps its id and its status (a dismissed incident stays dismissed with its reason),
 * and gets the run's numbers; a new fingerprint becomes an open incident; a stored incident the
 * run no longer produces is removed only while it is still open. A new incident's timeline is
 * written from the events (insert ... select, nothing passes through JS); a stored one's is
 * brought up to date (relinkTimeline).
 */
export async function syncIncidents(
  db: Kysely<Database>,
  investigationId: string,
  produced: readonly ProducedIncident[],
  now: number,
): Promise<SyncOutcome> {
  return inTransaction(db, async (trx) => {
    const idb = incidentsDb(trx);
    const stored = await idb
      .selectFrom('incidents')
      .select(['id', 'fingerprint', 'status'])
      .where('investigation_id', '=', investigationId)
      .execute();
    const byFingerprint = new Map(stored.map((row) => [row.fingerprint, row]));
    const outcome: SyncOutcome = { created: 0, updated: 0, removed: 0, kept: 0 };
    const seen = new Set<string>();
    for (const incident of produced) {
      if (seen.has(incident.fingerprint)) continue;
      seen.add(incident.fingerprint);
      const fields = {
        rule_id: incident.ruleId,
        title: incident.title,
        description: incident.description,
        severity: incident.severity,
        techniques: toJson(incident.techniques),
        first_seen: incident.firstSeen,
        last_seen: incident.lastSeen,
        why: incident.why,
        event_count: incident.eventCount,
        updated_at: now,
      };
      const existing = byFingerprint.get(incident.fingerprint);
      if (existing) {
        await idb.updateTable('incidents').set(fields).where('id', '=', existing.id).execute();
        await relinkTimeline(trx, existing.id, incident.timeline(existing.id));
        outcome.updated++;
        continue;
      }
      const id = randomUUID();
      await idb
        .insertInto('incidents')
        .values({
          ...fields,
          id,
          investigation_id: investigationId,
          fingerprint: incident.fingerprint,
          status: 'open',
          created_at: now,
        })
        .execute();
      outcome.created++;
      for (const select of incident.timeline(id)) {
        await sql`insert into incident_events (incident_id, event_id, time)
          select * from (${select}) as picked where 1 = 1
          on conflict do nothing`.execute(trx);
      }
    }
    const gone = stored.filter((row) => !seen.has(row.fingerprint));
    const removable = gone.filter((row) => row.status === 'open').map((row) => row.id);
    if (removable.length > 0) {
      await idb.deleteFrom('incident_events').where('incident_id', 'in', removable).execute();
      await idb.deleteFrom('incidents').where('id', 'in', removable).execute();
    }
    outcome.removed = removable.length;
    outcome.kept = gone.length - removable.length;
    return outcome;
  });
}
