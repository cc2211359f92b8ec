import type { Kysely, Migration } from 'kysely';

/**
 * `deferred_indexes`: indexes of `events` set aside while a bulk load fills an empty table
 * (the demo organization on PostgreSQL), by name with the statement that makes them again.
 * Dropping them and writing these rows is one transaction, and so is making one again and
 * deleting its row, so a process that dies in between leaves the rows for the next start to
 * rebuild. Empty outside such a load; SQLite never defers. Frozen.
 */
export function deferredIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deferred_indexes')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('definition', 'text', (col) => col.notNull())
        .addColumn('deferred_at', 'bigint', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('deferred_indexes').execute();
    },
  };
}
