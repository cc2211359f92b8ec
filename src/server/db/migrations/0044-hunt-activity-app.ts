import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * SQLite: the activity's hunting index (migration 0038) carries the event's app and activity
 * columns after the time, so a hunt for an activity within an app (`app:GitHub AND
 * activity:repo_push`, the pair asked together) is counted and paged from the index alone: a
 * hunt's keyword test reads the column as well as its folded value (`app is not null and
 * vigil_fold(app) = ?`), so both columns must be in it. With them only on the row, each event
 * of the activity was read to test the app: 66,102 rows and 330-430 ms of CPU for the count
 * over 30 days of 10 million events, 25 ms from the index (quiet machine). The activity alone
 * reads the same prefix, newest first, as before; the old index is replaced, not doubled; the
 * index grows by about 20 bytes an event. PostgreSQL answers the pair from its bitmaps (0037).
 * Frozen.
 */
export function huntActivityAppMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') return;
      await sql`drop index if exists events_hunt_activity`.execute(db);
      await sql`create index events_hunt_activity_app
        on events (vigil_fold(activity), time, app, activity)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') return;
      await sql`drop index if exists events_hunt_activity_app`.execute(db);
      await sql`create index events_hunt_activity on events (vigil_fold(activity), time)`.execute(
        db,
      );
    },
  };
}
