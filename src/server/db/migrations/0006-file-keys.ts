import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

/**
 * Files are keyed by name, case aside (findings/files.ts): one index finds a subject's events
 * of one file by that key. Partial, on file events only, so that ingesting the other events
 * costs nothing more. The expression must stay word for word the one the query uses. Frozen.
 */
export function fileKeysMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index events_employee_file_key
        on events (employee_id, lower(coalesce(file_name, file_path, file_id)))
        where category = 'file'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index events_employee_file_key`.execute(db);
    },
  };
}
