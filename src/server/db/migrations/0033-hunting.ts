import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * Hunting across everyone (issue 28): saved searches, and an index of every event by time, so
 * a hunt over a time range reads that range instead of every person's events. Frozen.
 */
export function huntingMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saved_hunts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('owner_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('query', 'text', (col) => col.notNull())
        .addColumn('time', jsonType(dialect), (col) => jsonColumn(dialect, col.notNull(), 'time'))
        .addColumn('visibility', 'text', (col) =>
          col.notNull().check(sql`visibility in ('private', 'shared')`),
        )
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('saved_hunts_owner')
        .on('saved_hunts')
        .columns(['owner_id', 'name'])
        .execute();
      await db.schema.createIndex('events_time').on('events').columns(['time', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('events_time').execute();
      await db.schema.dropTable('saved_hunts').execute();
    },
  };
}
