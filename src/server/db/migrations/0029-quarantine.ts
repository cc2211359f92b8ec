import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';
import { jsonColumn, jsonType, withAutoId } from '../dialect';

/**
 * Records set aside instead of refusing their batch: `quarantined_records` holds each record
 * that could not become an event, with the batch (run) it came in, its position there, the
 * reason, and its raw text (up to 1 MB; `raw_encoding` says whether the text is as read or a
 * JSON string literal because it held a NUL or a lone surrogate). `integration_id` is null for
 * command-line batches. ingest_runs gains `quarantined` and `quarantines` (JSON
 * [{reason, count}]). Frozen.
 */
export function quarantineMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withAutoId(dialect, db.schema.createTable('quarantined_records'))
        .addColumn('integration_id', 'text', (col) =>
          col.references('integrations.id').onDelete('cascade'),
        )
        .addColumn('run_id', 'bigint', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('raw', 'text', (col) => col.notNull())
        .addColumn('raw_encoding', 'text', (col) => col.notNull().defaultTo('text'))
        .addColumn('raw_bytes', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      // The screen lists one integration's records grouped by reason; retention reads by age.
      await sql`create index quarantined_records_integration on quarantined_records (coalesce(integration_id, ''), reason, id)`.execute(
        db,
      );
      await db.schema
        .createIndex('quarantined_records_created')
        .on('quarantined_records')
        .column('created_at')
        .execute();
      await db.schema.alterTable('ingest_runs').addColumn('quarantined', 'integer').execute();
      await db.schema
        .alterTable('ingest_runs')
        .addColumn('quarantines', jsonType(dialect), (col) =>
          jsonColumn(dialect, col, 'quarantines'),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('quarantined_records').execute();
      for (const column of ['quarantines', 'quarantined']) {
        await db.schema.alterTable('ingest_runs').dropColumn(column).execute();
      }
    },
  };
}
