import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * vigil_in_cidr(ip text, net text): whether an address lies in a network, for the `cidr`
 * operator of detection rules (Sigma's `|cidr`). False, not an error, when either side is not
 * an address (an event's text is whatever its source sent), and false for an address written
 * with a mask. SQLite registers the same name on every connection (db/sql-functions.ts).
 * Frozen.
 */
export function sigmaFunctionsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create or replace function vigil_in_cidr(ip text, net text) returns boolean
        language plpgsql immutable parallel safe
        as $$
        begin
          if ip is null or net is null then
            return null;
          end if;
          if position('/' in ip) > 0 then
            return false;
          end if;
          return ip::inet <<= net::inet;
        exception when others then
          return false;
        end
        $$`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop function if exists vigil_in_cidr(text, text)`.execute(db);
    },
  };
}
