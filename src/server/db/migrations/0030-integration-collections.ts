import type { Kysely, Migration } from 'kysely';

import { jsonColumn, jsonType } from '../dialect';
import type { Dialect } from '../dialect';

/**
 * `integration_collections`: one row per integration that Vigil collects from by itself. Its
 * settings (secrets encrypted, never readable through the API), the vendor's cursor with a
 * version that every write raises (a write that expected another version is refused: two
 * collectors can never both move one cursor), the lease that lets one process collect it at a
 * time, and the health shown on its settings screen. Frozen.
 */
export function integrationCollectionsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('integration_collections')
        .addColumn('integration_id', 'text', (col) =>
          col.primaryKey().references('integrations.id').onDelete('cascade'),
        )
        .addColumn('enabled', 'integer', (col) => col.notNull())
        .addColumn('interval_seconds', 'integer', (col) => col.notNull())
        .addColumn('backfill_days', 'integer', (col) => col.notNull())
        .addColumn('settings', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'settings'),
        )
        // AES-256-GCM of the secrets' JSON (see ingest/collectors/secret-box.ts); hints apart.
        .addColumn('secrets', 'text')
        .addColumn('secret_hints', jsonType(dialect), (col) =>
          jsonColumn(dialect, col.notNull(), 'secret_hints'),
        )
        .addColumn('cursor', 'text')
        .addColumn('cursor_version', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('state', 'text', (col) => col.notNull())
        .addColumn('last_poll_at', 'bigint')
        .addColumn('last_success_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('failing_since', 'bigint')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_poll_at', 'bigint')
        // The earliest the vendor allows the next request (Retry-After, X-Rate-Limit-Reset).
        .addColumn('wait_until', 'bigint')
        .addColumn('newest_event_at', 'bigint')
        .addColumn('run_requested_at', 'bigint')
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('integration_collections_due')
        .on('integration_collections')
        .columns(['enabled', 'next_poll_at'])
        .execute();
    },
  };
}
