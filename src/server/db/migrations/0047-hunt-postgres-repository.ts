import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * PostgreSQL's hunting index for the repository (issue 28), as SQLite's of migration 0038: the
 * folded value and time, partial (a repository is named by code events only, about 7% of them).
 * `repository:"org/repo"` read the trigram index of every event's text and rechecked what it
 * found: 358 ms p95 over 10M events, the only field hunt of the bench past 300 ms. Built in 2 s
 * at 10M. Frozen.
 */
export function huntPostgresRepositoryMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create index events_hunt_repository on events (vigil_fold(repository), time)
        where repository is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop index if exists events_hunt_repository`.execute(db);
    },
  };
}
