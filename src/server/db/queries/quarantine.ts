import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';

import type { Database } from '../schema';
import type { QuarantinedRecordsTable } from '../tables/activity';

/** One quarantined record as stored. */
export type QuarantinedRow = Selectable<QuarantinedRecordsTable>;

/** Which quarantine: an integration's, or (null) the command line's. */
export type QuarantineOwner = string | null;

const ofOwner =
  (owner: QuarantineOwner) => (eb: ExpressionBuilder<Database, 'quarantined_records'>) =>
    owner === null ? eb('integration_id', 'is', null) : eb('integration_id', '=', owner);

/** Every reason of a quarantine with its count, most frequent first. */
export async function quarantineReasons(
  db: Kysely<Database>,
  owner: QuarantineOwner,
): Promise<Array<{ reason: string; count: number }>> {
  const rows = await db
    .selectFrom('quarantined_records')
    .select(['reason', sql<number>`count(*)`.as('count')])
    .where(ofOwner(owner))
    .groupBy('reason')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('reason')
    .execute();
  return rows.map((row) => ({ reason: row.reason, count: Number(row.count) }));
}

/** A page of a quarantine, oldest first, after record `afterId`. */
export function listQuarantined(
  db: Kysely<Database>,
  owner: QuarantineOwner,
  page: { reason?: string | undefined; afterId: number; limit: number },
): Promise<QuarantinedRow[]> {
  let query = db
    .selectFrom('quarantined_records')
    .selectAll()
    .where(ofOwner(owner))
    .where('id', '>', page.afterId);
  if (page.reason !== undefined) query = query.where('reason', '=', page.reason);
  return query.orderBy('id').limit(page.limit).execute();
}

/** The records a retry re-reads, by id up to `maxId` (later ids are the retry's own). */
export function retryableQuarantined(
  db: Kysely<Database>,
  owner: QuarantineOwner,
  page: { afterId: number; maxId: number; limit: number },
): Promise<QuarantinedRow[]> {
  return db
    .selectFrom('quarantined_records')
    .selectAll()
    .where(ofOwner(owner))
    .where('id', '>', page.afterId)
    .where('id', '<=', page.maxId)
    .orderBy('id')
    .limit(page.limit)
    .execute();
}

/** The largest record id of a quarantine (0 when empty). */
export async function lastQuarantinedId(
  db: Kysely<Database>,
  owner: QuarantineOwner,
): Promise<number> {
  const row = await db
    .selectFrom('quarantined_records')
    .select(sql<number | null>`max(id)`.as('id'))
    .where(ofOwner(owner))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** One record of a quarantine, or undefined. */
export function findQuarantined(
  db: Kysely<Database>,
  owner: QuarantineOwner,
  id: number,
): Promise<QuarantinedRow | undefined> {
  return db
    .selectFrom('quarantined_records')
    .selectAll()
    .where(ofOwner(owner))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Removes one record of a quarantine; returns whether it was there. */
export async function deleteQuarantined(
  db: Kysely<Database>,
  owner: QuarantineOwner,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('quarantined_records')
    .where(ofOwner(owner))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Removes up to `limit` quarantined records set aside before `before` (retention), oldest
 * first; returns how many.
 */
export async function deleteQuarantinedBefore(
  db: Kysely<Database>,
  before: number,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('quarantined_records')
    .where(
      'id',
      'in',
      db
        .selectFrom('quarantined_records')
        .select('id')
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many quarantined records were set aside before `before` (the retention preview). */
export async function countQuarantinedBefore(
  db: Kysely<Database>,
  before: number,
): Promise<number> {
  const row = await db
    .selectFrom('quarantined_records')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('created_at', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
