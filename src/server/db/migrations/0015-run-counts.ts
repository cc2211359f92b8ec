import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';
import { jsonColumn, jsonType } from '../dialect';

/**
 * What a batch read beyond what it wrote: ingest_runs.records (records read), skipped (records
 * deliberately not turned into events), skips (JSON [{reason, count}], the skipped records by
 * kind) and formats (JSON [{source, label, records}], what each record was read as, several for
 * a file that mixed formats). Null for runs before this migration. Frozen.
 */
export function runCountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ingest_runs').addColumn('records', 'integer').execute();
      await db.schema.alterTable('ingest_runs').addColumn('skipped', 'integer').execute();
      await db.schema
        .alterTable('ingest_runs')
        .addColumn('skips', jsonType(dialect), (col) => jsonColumn(dialect, col, 'skips'))
        .execute();
      await db.schema
        .alterTable('ingest_runs')
        .addColumn('formats', jsonType(dialect), (col) => jsonColumn(dialect, col, 'formats'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['formats', 'skips', 'skipped', 'records']) {
        await db.schema.alterTable('ingest_runs').dropColumn(column).execute();
      }
    },
  };
}
