import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * vigil_fold(text): the case folding of case-insensitive search, one name on both engines.
 * On PostgreSQL it is lower() (inlined by the planner); SQLite registers it on every connection
 * it opens, because SQLite keeps no functions in the database file.
 */
export function foldCaseMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create or replace function vigil_fold(value text) returns text
        language sql immutable parallel safe
        as $$ select lower(value) $$`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop function if exists vigil_fold(text)`.execute(db);
    },
  };
}
