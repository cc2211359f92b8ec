import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * SQLite's lookups for hunting by label (issue 28): `file.label:X` finds the label every
 * screen shows, the event's own or else the one its file name carries in the person's other
 * events (event_file_labels). Testing that label event by event read every event of the range
 * with a lookup for each unlabelled one (1M events: 1.2 s of CPU for a month). Two partial
 * indexes let the hunt look both halves up instead: the own label folded, with the time; and
 * the events without a label by person, file name and time (those a remembered label applies
 * to). An event without a file name writes neither. PostgreSQL gets none: read as an array of
 * ids through each partition's key, the second half cost more than its scan of the range
 * (see compile-query.ts). Frozen.
 */
export function huntFileLabelMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') return;
      await sql`create index events_hunt_label on events (vigil_fold(file_label), time)
        where file_label is not null`.execute(db);
      await sql`create index events_unlabelled_file on events (employee_id, file_name, time)
        where file_label is null and file_name is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') return;
      await sql`drop index if exists events_unlabelled_file`.execute(db);
      await sql`drop index if exists events_hunt_label`.execute(db);
    },
  };
}
