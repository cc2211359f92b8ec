import { sql } from 'kysely';
import type { CreateTableBuilder, Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * Normalized activity events, the integrations that deliver them, their ingest runs, and the
 * detection configuration. Frozen.
 *
 * Events: filtered fields are real columns; `attributes` and `raw` are JSON. (source,
 * source_event_id) makes re-ingest a no-op. On PostgreSQL the table is partitioned by month on
 * `time` (partitions are created by the ingest before it writes; a default partition catches the
 * rest), so the unique key and primary key include `time`.
 */
export function activityMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const pg = dialect === 'postgres';
      let events = db.schema.createTable('events') as CreateTableBuilder<'events', string>;
      events = pg
        ? events.addColumn('id', 'bigserial', (col) => col.notNull())
        : events.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
      events = events
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('source_event_id', 'text', (col) => col.notNull())
        .addColumn('integration_id', 'text')
        .addColumn('time', 'bigint', (col) => col.notNull())
        .addColumn('employee_id', 'text')
        .addColumn('class_uid', 'integer', (col) => col.notNull())
        .addColumn('activity_id', 'integer', (col) => col.notNull())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('activity', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('outcome', 'text', (col) => col.notNull())
        .addColumn('actor_email', 'text')
        .addColumn('actor_id', 'text')
        .addColumn('app', 'text')
        .addColumn('ip', 'text')
        .addColumn('location', 'text')
        .addColumn('file_id', 'text')
        .addColumn('file_name', 'text')
        .addColumn('file_path', 'text')
        .addColumn('file_size', 'bigint')
        .addColumn('file_label', 'text')
        .addColumn('file_destination', 'text')
        .addColumn('email_recipients', jsonType(dialect), (col) =>
          jsonColumn(dialect, col, 'email_recipients'),
        )
        .addColumn('email_external', 'integer')
        .addColumn('email_domains', jsonType(dialect), (col) =>
          jsonColumn(dialect, col, 'email_domains'),
        )
        .addColumn('email_subject', 'text')
        .addColumn('email_attachments', 'integer')
        .addColumn('email_size', 'bigint')
        .addColumn('chat_channel', 'text')
        .addColumn('chat_external', 'integer')
        .addColumn('chat_direct', 'integer')
        .addColumn('chat_text', 'text')
        .addColumn('repository', 'text')
        .addColumn('device_id', 'text')
        .addColumn('device_name', 'text')
        .addColumn('device_managed', 'integer')
        .addColumn('device_os', 'text')
        .addColumn('removable_media', 'integer')
        .addColumn('process_name', 'text')
        .addColumn('command_line', 'text')
        .addColumn('parent_process', 'text')
        .addColumn('target', 'text')
        .addColumn('attributes', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'attributes'),
        )
        .addColumn('raw', jsonType(dialect), (col) => jsonColumn(dialect, col, 'raw'))
        .addColumn('ingested_at', 'bigint', (col) => col.notNull());
      if (pg) {
        events = events
          .addPrimaryKeyConstraint('events_pk', ['id', 'time'])
          .addUniqueConstraint('events_source_id', ['source', 'source_event_id', 'time'])
          .modifyEnd(sql`partition by range (time)`);
      }
      await events.execute();
      if (pg) {
        await sql`create table events_default partition of events default`.execute(db);
      } else {
        await db.schema
          .createIndex('events_source_id')
          .on('events')
          .columns(['source', 'source_event_id'])
          .unique()
          .execute();
      }
      await db.schema
        .createIndex('events_employee_time')
        .on('events')
        .columns(['employee_id', 'time'])
        .execute();
      await db.schema
        .createIndex('events_employee_category_time')
        .on('events')
        .columns(['employee_id', 'category', 'time'])
        .execute();
      await db.schema
        .createIndex('events_actor_email')
        .on('events')
        .column('actor_email')
        .execute();

      await db.schema
        .createTable('integrations')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('options', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'options'),
        )
        .addColumn('token_hash', 'text')
        .addColumn('token_hint', 'text')
        .addColumn('event_count', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('last_sync_at', 'bigint')
        .addColumn('last_sync_status', jsonType(dialect), (col) =>
          jsonColumn(dialect, col, 'last_sync_status'),
        )
        .addColumn('created_by', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('integrations_token')
        .on('integrations')
        .column('token_hash')
        .unique()
        .execute();

      let runs = db.schema.createTable('ingest_runs');
      runs = pg
        ? runs.addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
        : runs.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
      await runs
        .addColumn('integration_id', 'text', (col) =>
          col.references('integrations.id').onDelete('cascade'),
        )
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('via', 'text', (col) => col.notNull())
        .addColumn('started_at', 'bigint', (col) => col.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('accepted', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('duplicate', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rejected', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('errors', jsonType(dialect), (col) => jsonColumn(dialect, col, 'errors'))
        .execute();
      await db.schema
        .createIndex('ingest_runs_integration')
        .on('ingest_runs')
        .columns(['integration_id', 'started_at'])
        .execute();

      await db.schema
        .createTable('configuration')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('value', jsonType(dialect), (col) => jsonColumn(dialect, col.notNull(), 'value'))
        .addColumn('updated_by', 'text')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  };
}
