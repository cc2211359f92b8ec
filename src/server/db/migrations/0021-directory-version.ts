import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * `directory_version` (one row, id 1): a counter that every write to `employees` or `users`
 * raises, kept by triggers so that every writer counts (the server, `npm run ingest` in another
 * process, an operator's SQL). The redactor rebuilds its index of names when the counter moves;
 * reading one row by key replaces counting the whole directory on every reply. Frozen.
 */
export function directoryVersionMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('directory_version')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('version', 'bigint', (col) => col.notNull())
        .execute();
      await sql`insert into directory_version (id, version) values (1, 1)`.execute(db);
      if (dialect === 'postgres') {
        await sql`
          create or replace function vigil_directory_changed() returns trigger language plpgsql as $$
          begin
            update directory_version set version = version + 1 where id = 1;
            return null;
          end $$`.execute(db);
        for (const table of ['employees', 'users']) {
          // Once per statement: a bulk upsert of thousands of people moves the counter once.
          await sql
            .raw(
              `create trigger ${table}_directory_version after insert or update or delete on ${table}
               for each statement execute function vigil_directory_changed()`,
            )
            .execute(db);
        }
      } else {
        for (const table of ['employees', 'users']) {
          for (const change of ['insert', 'update', 'delete']) {
            await sql
              .raw(
                `create trigger ${table}_directory_version_${change} after ${change} on ${table}
                 begin update directory_version set version = version + 1 where id = 1; end`,
              )
              .execute(db);
          }
        }
      }
    },
  };
}
