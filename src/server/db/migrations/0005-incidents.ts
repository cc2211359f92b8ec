import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * Incidents raised by detection rules, the events that form their timelines, and each
 * investigation's last risk assessment. Frozen.
 *
 * An incident is found again on every analysis run by its fingerprint (rule and where its burst
 * starts), so its id and the status people gave it survive re-runs. `incident_events` holds no
 * foreign key to `events`: on PostgreSQL events are partitioned and keyed by (id, time), and a
 * timeline that outlives a purged event simply shows one event fewer.
 */
export function incidentsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('incidents')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('investigation_id', 'text', (col) =>
          col.notNull().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('rule_id', 'text', (col) => col.notNull())
        .addColumn('fingerprint', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('severity', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
        .addColumn('status_reason', 'text')
        .addColumn('status_by', 'text', (col) => col.references('users.id'))
        .addColumn('status_at', 'bigint')
        .addColumn('techniques', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'techniques'),
        )
        .addColumn('first_seen', 'bigint', (col) => col.notNull())
        .addColumn('last_seen', 'bigint', (col) => col.notNull())
        .addColumn('why', 'text', (col) => col.notNull())
        .addColumn('event_count', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('incidents_fingerprint', ['investigation_id', 'fingerprint'])
        .execute();
      await db.schema
        .createIndex('incidents_investigation_seen')
        .on('incidents')
        .columns(['investigation_id', 'first_seen'])
        .execute();

      await db.schema
        .createTable('incident_events')
        .addColumn('incident_id', 'text', (col) =>
          col.notNull().references('incidents.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'bigint', (col) => col.notNull())
        .addColumn('time', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('incident_events_pk', ['incident_id', 'event_id'])
        .execute();
      await db.schema
        .createIndex('incident_events_time')
        .on('incident_events')
        .columns(['incident_id', 'time'])
        .execute();

      await db.schema
        .createTable('risk_assessments')
        .addColumn('investigation_id', 'text', (col) =>
          col.primaryKey().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('score', 'integer', (col) => col.notNull())
        .addColumn('computed_level', 'text', (col) => col.notNull())
        .addColumn('manual_level', 'text')
        .addColumn('parts', jsonType(dialect), (col) => jsonColumn(dialect, col.notNull(), 'parts'))
        .addColumn('computed_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  };
}
