import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * PostgreSQL: detection's departure read (every HR resignation and departure of a batch of
 * people before a moment) through a function whose plan each connection keeps, as 0046 does for
 * max(id). The read has no lower time bound, so planned afresh it covered every monthly
 * partition and its indexes: 180-250 ms of planning at 121 partitions (more at 156) for a few
 * milliseconds of reading, once per batch. The function's generic plan is made on its first call
 * on a connection and kept (a new partition invalidates it); its partitions are pruned as it
 * starts. The people and the moment are parameters. `plan_cache_mode` is set for the function's
 * own statement only, and put back as it returns. SQLite plans the read in microseconds. Frozen.
 */
export function departureRowsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create or replace function vigil_departure_rows(people text[], before bigint)
        returns table (employee_id text, id bigint, activity text, "time" bigint)
        language plpgsql stable
        set plan_cache_mode = force_generic_plan
        as $$
        #variable_conflict use_column
        begin
          return query
            select e.employee_id, e.id, e.activity, e.time from events as e
            where e.employee_id = any(people) and e.activity in ('hr_resignation', 'hr_departure')
              and e.time < before;
        end $$`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop function if exists vigil_departure_rows(text[], bigint)`.execute(db);
    },
  };
}
