import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * At most this many characters of an event's text are searchable. A PostgreSQL index entry must
 * stay under 2,704 bytes, and four bytes a character keeps 600 well under it; the fields people
 * search for by a word (file names, addresses, subjects, apps, repositories) come first, long
 * command lines and messages last, so only those are ever cut.
 */
const SEARCHABLE_CHARACTERS = 600;

/**
 * events.search_text: the event's searchable text, folded (vigil_fold), and an index of the
 * subject's events in time order that carries it, so a search across cases reads the index
 * instead of every row (50 times fewer bytes: a word found nowhere in a million events is one
 * pass over the index). Derived by the database, never written: every writer of events gets it.
 * SQLite computes it (a virtual column, stored only in the index) with the vigil_fold every
 * connection registers; PostgreSQL stores it. Existing events are covered by the migration
 * itself. Frozen.
 */
export function eventSearchTextMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const fields = [
        'file_name',
        'cast(email_recipients as text)',
        'email_subject',
        'app',
        'repository',
        'target',
        'process_name',
        'device_name',
        'file_path',
        'command_line',
        'chat_text',
      ].map((field) => `coalesce(${field}, '')`);
      const text = `substr(vigil_fold(${fields.join(` || ' ' || `)}), 1, ${SEARCHABLE_CHARACTERS})`;
      const kind = dialect === 'postgres' ? 'stored' : 'virtual';
      await sql
        .raw(`alter table events add column search_text text generated always as (${text}) ${kind}`)
        .execute(db);
      await db.schema
        .createIndex('events_employee_search')
        .on('events')
        .columns(['employee_id', 'time', 'id', 'search_text'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('events_employee_search').execute();
      await db.schema.alterTable('events').dropColumn('search_text').execute();
    },
  };
}
