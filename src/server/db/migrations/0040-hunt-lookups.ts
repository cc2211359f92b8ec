import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * Hunting (issue 28), two lookups the indexes of migration 0037 could not serve well.
 *
 * PostgreSQL: a mail's recipients' domains as an index can look one up. A domain is
 * an element of a JSON list, so neither a b-tree nor the trigram index of migration 0037 finds
 * `email.domain:gmail.com` exactly: the trigram index narrows to the events whose text holds
 * the letters, and the planner, unable to estimate that, walked the time index instead (107k
 * events read at 10 million for 51 matches). `vigil_fold_list(list)` is the list's elements
 * folded as a text array (empty for anything but a JSON array); a GIN index on it answers
 * `@> array[value]` with exactly the events holding the value, with statistics of its elements.
 * Partial: most events have no mail. SQLite keeps migration 0037's trigram table, which
 * already narrows a domain to its few events there.
 *
 * SQLite: `events_text_vocab`, an fts5vocab table over the trigram table, which says how many
 * events hold a trigram. FTS5 reads every event of every trigram a hunt asks for; knowing the
 * counts, a hunt asks only for the rarest of its value's trigrams. It stores nothing. Frozen.
 */
export function huntLookupsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') {
        await sql`create virtual table events_text_vocab using fts5vocab(events_text, row)`.execute(
          db,
        );
        return;
      }
      // lower() is vigil_fold on PostgreSQL (migration 0009), named here from pg_catalog: an
      // index expression may run under another search_path (ANALYZE, a restore).
      await sql`
        create or replace function vigil_fold_list(list jsonb) returns text[]
        language sql immutable parallel safe
        as $$ select case when jsonb_typeof(list) = 'array'
          then array(select lower(e) from jsonb_array_elements_text(list) as e)
          else '{}'::text[] end $$`.execute(db);
      await sql`create index events_domains_list on events
        using gin (vigil_fold_list(email_domains)) where email_domains is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') {
        await sql`drop table if exists events_text_vocab`.execute(db);
        return;
      }
      await sql`drop index if exists events_domains_list`.execute(db);
      await sql`drop function if exists vigil_fold_list(jsonb)`.execute(db);
    },
  };
}
