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
 * Stores a run's incidents in one transaction, matching them with stored ones by fingerprint:
 * a match keeps its id and its status (a dismissed incident stays dismissed with its reason),
 * and gets the run's numbers; a new fingerprint becomes an open incident; a stored incident the
 * run no longer produces is removed only while it is still open. Every produced incident's
 * timeline is rebuilt from the events (insert ... select, nothing passes through JS).
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
      let id: string;
      if (existing) {
        id = existing.id;
        await idb.updateTable('incidents').set(fields).where('id', '=', id).execute();
        await idb.deleteFrom('incident_events').where('incident_id', '=', id).execute();
        outcome.updated++;
      } else {
        id = randomUUID();
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
      }
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
