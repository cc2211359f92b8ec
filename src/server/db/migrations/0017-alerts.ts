import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * Detection over the whole organization. Frozen.
 *
 * - `alerts`: what a rule found about a person, before or without a case. The same rule for the
 *   same person over overlapping time extends one alert (found by rule, person and time), so a
 *   person is not raised again with every batch. `severity_rank` (0 low .. 3 critical) sorts the
 *   queue worst first through its index.
 * - `alert_events`: the events behind an alert (no foreign key to events, as incident_events:
 *   on PostgreSQL events are partitioned and keyed by id and time).
 * - `detection_queue`: the people whose events arrived and the time span they cover, written in
 *   the batch's own transaction, so a crash between ingest and detection loses nothing; a
 *   process claims a person (claimed_by, claimed_at) so that no two passes run for one person
 *   at once, and a claim left by a dead process goes stale and is taken again.
 * - `employee_risk`: every person's 0-100 score from their alerts and signals, with its parts,
 *   updated after each detection pass and each triage change that concerns them.
 * - `watchlists` and `watchlist_members`: the lists admins keep (departing employees, new
 *   hires and privileged users are derived from HR and events, not stored).
 * - `detection_rules`: rules added on the Detection rules screen (Vigil JSON or Sigma YAML), as
 *   written, with the ids of the rules they compile to; `rule_settings`: a rule switched off or
 *   on (shipped rules stay files; only their switch is stored).
 */
export function alertsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alerts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('rule_id', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('employee_id', 'text', (col) =>
          col.notNull().references('employees.id').onDelete('cascade'),
        )
        .addColumn('severity', 'text', (col) => col.notNull())
        .addColumn('severity_rank', 'integer', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
        .addColumn('reason', 'text')
        .addColumn('assignee_id', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('investigation_id', 'text', (col) =>
          col.references('investigations.id').onDelete('set null'),
        )
        .addColumn('techniques', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'techniques'),
        )
        .addColumn('itm', jsonType(dialect), (col) => jsonColumn(dialect, col.notNull(), 'itm'))
        .addColumn('why', 'text', (col) => col.notNull())
        .addColumn('first_time', 'bigint', (col) => col.notNull())
        .addColumn('last_time', 'bigint', (col) => col.notNull())
        .addColumn('event_count', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('alerts_queue')
        .on('alerts')
        .columns(['status', 'severity_rank desc', 'last_time desc', 'id'])
        .execute();
      await db.schema
        .createIndex('alerts_order')
        .on('alerts')
        .columns(['severity_rank desc', 'last_time desc', 'id'])
        .execute();
      await db.schema
        .createIndex('alerts_person_rule')
        .on('alerts')
        .columns(['employee_id', 'rule_id', 'last_time'])
        .execute();

      await db.schema
        .createTable('alert_events')
        .addColumn('alert_id', 'text', (col) =>
          col.notNull().references('alerts.id').onDelete('cascade'),
        )
        .addColumn('event_id', 'bigint', (col) => col.notNull())
        .addColumn('time', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('alert_events_pk', ['alert_id', 'event_id'])
        .execute();
      await db.schema
        .createIndex('alert_events_time')
        .on('alert_events')
        .columns(['alert_id', 'time'])
        .execute();

      await db.schema
        .createTable('detection_queue')
        .addColumn('employee_id', 'text', (col) => col.primaryKey())
        .addColumn('from_time', 'bigint', (col) => col.notNull())
        .addColumn('to_time', 'bigint', (col) => col.notNull())
        .addColumn('queued_at', 'bigint', (col) => col.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('detection_queue_order')
        .on('detection_queue')
        .columns(['claimed_at', 'queued_at'])
        .execute();

      await db.schema
        .createTable('employee_risk')
        .addColumn('employee_id', 'text', (col) =>
          col.primaryKey().references('employees.id').onDelete('cascade'),
        )
        .addColumn('score', 'integer', (col) => col.notNull())
        .addColumn('level', 'text', (col) => col.notNull())
        .addColumn('parts', jsonType(dialect), (col) => jsonColumn(dialect, col.notNull(), 'parts'))
        .addColumn('open_alerts', 'integer', (col) => col.notNull())
        .addColumn('computed_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('employee_risk_order')
        .on('employee_risk')
        .columns(['score desc', 'employee_id'])
        .execute();

      await db.schema
        .createTable('watchlists')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('watchlist_members')
        .addColumn('watchlist_id', 'text', (col) =>
          col.notNull().references('watchlists.id').onDelete('cascade'),
        )
        .addColumn('employee_id', 'text', (col) =>
          col.notNull().references('employees.id').onDelete('cascade'),
        )
        .addColumn('added_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('watchlist_members_pk', ['watchlist_id', 'employee_id'])
        .execute();

      await db.schema
        .createTable('detection_rules')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('format', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('rule_ids', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'rule_ids'),
        )
        .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('rule_settings')
        .addColumn('rule_id', 'text', (col) => col.primaryKey())
        .addColumn('enabled', 'integer', (col) => col.notNull())
        .addColumn('updated_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rule_settings').execute();
      await db.schema.dropTable('detection_rules').execute();
      await db.schema.dropTable('watchlist_members').execute();
      await db.schema.dropTable('watchlists').execute();
      await db.schema.dropTable('employee_risk').execute();
      await db.schema.dropTable('detection_queue').execute();
      await db.schema.dropTable('alert_events').execute();
      await db.schema.dropTable('alerts').execute();
    },
  };
}
