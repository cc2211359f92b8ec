import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

import type { Dialect } from '../dialect';

/**
 * SQLite's hunting indexes for the keyword fields hunted most (issue 28): each on the folded
 * value (`vigil_fold(column)`) and time, so a field hunt's newest page and its total read only
 * the events of that value. On the folded expression, not the column, because only a hunt
 * compares the folded value for equality: the planner can match them to nothing else, so a
 * subject's findings keep their person-and-time indexes (migration 0037's plain keyword b-trees
 * drew a subject's external-transfers count into a MULTI-INDEX OR over everyone's events).
 * Partial where the column is often empty. PostgreSQL has its keyword b-trees from migration
 * 0037 and statistics of its own; it gets only the outcome-with-category index. Frozen.
 */
export function huntKeywordIndexesMigration(dialect: Dialect): Migration {
  const fold = (column: string) => `vigil_fold(${column})`;
  const indexes: Array<{ name: string; columns: string[]; where?: string }> = [
    { name: 'events_hunt_category', columns: [fold('category'), 'time'] },
    { name: 'events_hunt_activity', columns: [fold('activity'), 'time'] },
    // Outcome with the category: an outcome alone is mostly one value, and the hunt asked most
    // (`category:auth AND outcome:failure`) reads both; with ANALYZE's averages the planner took
    // the category's index and read every sign-in of the range for a few thousand failures.
    { name: 'events_hunt_outcome', columns: [fold('outcome'), fold('category'), 'time'] },
    { name: 'events_hunt_app', columns: [fold('app'), 'time'], where: 'app is not null' },
    {
      name: 'events_hunt_destination',
      columns: [fold('file_destination'), 'time'],
      where: 'file_destination is not null',
    },
    {
      name: 'events_hunt_repository',
      columns: [fold('repository'), 'time'],
      where: 'repository is not null',
    },
  ];
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        // Outcome with the category and time (0037 has category and activity by time): the
        // failed sign-ins of a range without reading every sign-in of it.
        await db.schema
          .createIndex('events_outcome_category_time')
          .on('events')
          .columns(['outcome', 'category', 'time'])
          .execute();
        return;
      }
      for (const { name, columns, where } of indexes) {
        await sql
          .raw(
            `create index ${name} on events (${columns.join(', ')})${where ? ` where ${where}` : ''}`,
          )
          .execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await db.schema.dropIndex('events_outcome_category_time').ifExists().execute();
        return;
      }
      for (const { name } of indexes) await sql.raw(`drop index if exists ${name}`).execute(db);
    },
  };
}
