import type { Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { EventRow } from './event-row';

/**
 * Inserts rows through Kysely, skipping those already stored (same source and source id):
 * the simple path for tests and small batches. Returns how many were new. On PostgreSQL the
 * monthly partitions must exist (see ensureEventPartitions) or rows land in the default one.
 */
export async function insertEventRows(
  db: Kysely<Database>,
  rows: readonly EventRow[],
): Promise<number> {
  let accepted = 0;
  // 45 columns a row: 200 rows stay under SQLite's 32,766 bound parameters.
  for (let i = 0; i < rows.length; i += 200) {
    const result = await db
      .insertInto('events')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    accepted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return accepted;
}
