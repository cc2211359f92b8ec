import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * PostgreSQL: the newest event id through a function, whose statement PL/pgSQL plans once per
 * connection and keeps. Every finding request asks it (are this person's rollups up to date?),
 * and `max(id)` over the partitioned events cannot be pruned: planned afresh it cost 140-780 ms
 * over 153 monthly partitions, each with its indexes, on a loaded machine (the plan is one
 * backward step down each partition's primary key; executing it takes well under a
 * millisecond). A new partition invalidates the kept plan, which is then made once again.
 * SQLite plans max(id) in microseconds and needs nothing. Frozen.
 */
export function maxEventIdMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create or replace function vigil_max_event_id() returns bigint
        language plpgsql stable as $$
        begin
          return (select max(id) from events);
        end $$`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop function if exists vigil_max_event_id()`.execute(db);
    },
  };
}
