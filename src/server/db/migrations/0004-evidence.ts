import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * Evidence pins, and the per-employee rollups the finding detectors read. Frozen.
 *
 * Rollups exist because a finding must answer in well under 150 ms for a subject with a
 * million events: per-day and per-half-hour aggregates of the subject's events, their
 * contacts, the events worth listing (competitor mentions, suspicious commands, external
 * mail) and the labels of files seen under another name. They are derived data: an analysis
 * step rebuilds them from `events` whenever the subject has new events (see
 * src/server/detectors/rollups), so they can be dropped and rebuilt at any time.
 * Text dimensions hold '' instead of NULL so they can be part of a primary key.
 */
export function evidenceMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pins')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('investigation_id', 'text', (col) =>
          col.notNull().references('investigations.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('ref', 'text', (col) => col.notNull())
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('page', 'text')
        .addColumn('snapshot', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'snapshot'),
        )
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (col) => col.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addUniqueConstraint('pins_investigation_ref', ['investigation_id', 'kind', 'ref'])
        .execute();
      await db.schema
        .createIndex('pins_investigation_created')
        .on('pins')
        .columns(['investigation_id', 'created_at'])
        .execute();

      // Detectors select one activity of one employee (usb_write, login_failed...).
      await db.schema
        .createIndex('events_employee_activity_time')
        .on('events')
        .columns(['employee_id', 'activity', 'time'])
        .execute();

      // A file's events (file-access drill-down).
      await db.schema
        .createIndex('events_employee_file')
        .on('events')
        .columns(['employee_id', 'file_id'])
        .execute();

      await db.schema
        .createTable('rollup_state')
        .addColumn('employee_id', 'text', (col) => col.primaryKey())
        .addColumn('params', 'text', (col) => col.notNull())
        .addColumn('last_event_id', 'bigint', (col) => col.notNull())
        .addColumn('refreshed_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('event_daily')
        .addColumn('employee_id', 'text', (col) => col.notNull())
        .addColumn('day', 'integer', (col) => col.notNull())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('activity', 'text', (col) => col.notNull())
        .addColumn('app', 'text', (col) => col.notNull())
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('destination', 'text', (col) => col.notNull())
        .addColumn('item', 'text', (col) => col.notNull())
        .addColumn('outcome', 'text', (col) => col.notNull())
        .addColumn('n', 'integer', (col) => col.notNull())
        .addColumn('bytes', 'bigint', (col) => col.notNull())
        .addColumn('off_hours', 'integer', (col) => col.notNull())
        .addColumn('first_time', 'bigint', (col) => col.notNull())
        .addColumn('last_time', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('event_daily_pk', [
          'employee_id',
          'day',
          'category',
          'activity',
          'app',
          'label',
          'destination',
          'item',
          'outcome',
        ])
        .execute();

      await db.schema
        .createTable('event_halfhours')
        .addColumn('employee_id', 'text', (col) => col.notNull())
        .addColumn('bucket', 'bigint', (col) => col.notNull())
        .addColumn('n', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('event_halfhours_pk', ['employee_id', 'bucket'])
        .execute();

      await db.schema
        .createTable('event_contacts')
        .addColumn('employee_id', 'text', (col) => col.notNull())
        .addColumn('day', 'integer', (col) => col.notNull())
        .addColumn('counterpart', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('external', 'integer', (col) => col.notNull())
        .addColumn('n', 'integer', (col) => col.notNull())
        .addColumn('first_time', 'bigint', (col) => col.notNull())
        .addColumn('last_time', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('event_contacts_pk', ['employee_id', 'day', 'counterpart', 'kind'])
        .execute();

      await db.schema
        .createTable('event_flags')
        .addColumn('employee_id', 'text', (col) => col.notNull())
        .addColumn('flag', 'text', (col) => col.notNull())
        .addColumn('time', 'bigint', (col) => col.notNull())
        .addColumn('event_id', 'bigint', (col) => col.notNull())
        .addColumn('detail', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('event_flags_pk', [
          'employee_id',
          'flag',
          'time',
          'event_id',
          'detail',
        ])
        .execute();

      await db.schema
        .createTable('event_deletion_hours')
        .addColumn('employee_id', 'text', (col) => col.notNull())
        .addColumn('hour', 'bigint', (col) => col.notNull())
        .addColumn('files', 'integer', (col) => col.notNull())
        .addColumn('mail', 'integer', (col) => col.notNull())
        .addColumn('messages', 'integer', (col) => col.notNull())
        .addColumn('labelled', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('event_deletion_hours_pk', ['employee_id', 'hour'])
        .execute();

      // Per file over all of an employee's events, for the file list of a whole window.
      await db.schema
        .createTable('event_files')
        .addColumn('employee_id', 'text', (col) => col.notNull())
        .addColumn('file_key', 'text', (col) => col.notNull())
        .addColumn('name', 'text')
        .addColumn('path', 'text')
        .addColumn('label', 'text', (col) => col.notNull())
        .addColumn('events', 'integer', (col) => col.notNull())
        .addColumn('downloads', 'integer', (col) => col.notNull())
        .addColumn('shares', 'integer', (col) => col.notNull())
        .addColumn('leaving', 'integer', (col) => col.notNull())
        .addColumn('destinations', 'text', (col) => col.notNull())
        .addColumn('first_time', 'bigint', (col) => col.notNull())
        .addColumn('last_time', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('event_files_pk', ['employee_id', 'file_key'])
        .execute();

      await db.schema
        .createTable('event_file_labels')
        .addColumn('employee_id', 'text', (col) => col.notNull())
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('label', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('event_file_labels_pk', ['employee_id', 'file_name'])
        .execute();
    },
  };
}
