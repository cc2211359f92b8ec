import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * PostgreSQL's lookups for hunting by label (issue 28), as SQLite's of migration 0043:
 * `file.label:X` finds the label every screen shows, the event's own or else the one its file
 * name carries in the person's other events (event_file_labels). Testing it event by event read
 * every event of the range with a lookup for each unlabelled one (10M events: 2.8 s). The hunt
 * reads the two halves as its events (compile-query.ts), each from an index here: the own label
 * folded, with the time (and the label itself, which the hunt's test reads: a count then reads
 * the index alone); the events without a label by time, with the person, file name and id the
 * join to the remembered labels reads (so from the index alone too); and the remembered
 * labels folded, whose statistics tell the planner how many pairs a label has (a default guess
 * of 0.5% chose a probe of each month per pair, 42,516 pairs at 1M). Frozen.
 */
export function huntPostgresFileLabelMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create index events_hunt_label on events (vigil_fold(file_label), time)
        include (file_label) where file_label is not null`.execute(db);
      await sql`create index events_unlabelled_file on events (time, employee_id, file_name, id)
        where file_label is null and file_name is not null`.execute(db);
      await sql`create index event_file_labels_label on event_file_labels (vigil_fold(label))`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop index if exists event_file_labels_label`.execute(db);
      await sql`drop index if exists events_unlabelled_file`.execute(db);
      await sql`drop index if exists events_hunt_label`.execute(db);
    },
  };
}
