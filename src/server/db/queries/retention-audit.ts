import type { Kysely } from 'kysely';

import type { RetentionRun } from '../../../shared/schemas/retention';
import { readJson } from '../dialect';
import type { Database } from '../schema';

const DAY_MS = 86_400_000;

/**
 * Removes up to `limit` audit entries older than `before`. The audit log refuses deletes
 * except below the retention gate, which is opened for this transaction only and closed
 * again before it commits, so no other writer ever sees it open.
 */
export async function deleteAuditBatch(
  db: Kysely<Database>,
  before: number,
  limit: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('retention_gate')
      .set({ audit_before: before })
      .where('id', '=', 1)
      .execute();
    const result = await trx
      .deleteFrom('audit_log')
      .where('at', '<', before)
      .where('id', 'in', (eb) =>
        eb.selectFrom('audit_log').select('id').where('at', '<', before).orderBy('id').limit(limit),
      )
      .executeTakeFirst();
    await trx.updateTable('retention_gate').set({ audit_before: 0 }).where('id', '=', 1).execute();
    return Number(result.numDeletedRows);
  });
}

/** Removes the counts of who viewed whom for UTC days before `before`'s day (audit data too). */
export async function deletePersonViews(db: Kysely<Database>, before: number): Promise<number> {
  const day = new Date(Math.floor(before / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  const result = await db.deleteFrom('person_views').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The summary the last retention run audited, or null before the first. */
export async function lastRetentionRun(db: Kysely<Database>): Promise<RetentionRun | null> {
  const row = await db
    .selectFrom('audit_log')
    .select('details')
    .where('target_type', '=', 'retention')
    .where('target_id', '=', 'run')
    .where('action', '=', 'retention.run')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.details ? readJson<RetentionRun>(row.details) : null;
}
