import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';

import type { RetentionRun } from '../../../shared/schemas/retention';
import { readJson } from '../dialect';
import type { Dialect } from '../dialect';
import type { Database } from '../schema';

const DAY_MS = 86_400_000;

/** The case an entry is about: its target, or the `investigationId` of its details. */
function entryCase(dialect: Dialect) {
  const details =
    dialect === 'postgres'
      ? sql<string | null>`(${sql.ref('audit_log.details')} ->> 'investigationId')`
      : sql<string | null>`json_extract(${sql.ref('audit_log.details')}, '$.investigationId')`;
  return sql<SqlBool>`exists (select 1 from investigations h where h.legal_hold_at is not null
    and ((audit_log.target_type = 'investigation' and audit_log.target_id = h.id)
      or ${details} = h.id))`;
}

/** How many audit entries a run now would remove (the dry run of "Run now"). */
export async function countRemovableAudit(
  db: Kysely<Database>,
  dialect: Dialect,
  before: number,
): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('at', '<', before)
    .where(sql<SqlBool>`not ${entryCase(dialect)}`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Removes up to `limit` audit entries older than `before`, except the history of cases on
 * legal hold. The audit log refuses deletes except below the retention gate, which is opened
 * for this transaction only and closed again before it commits, so no other writer ever sees
 * it open. Call it inside the transaction that audits the batch.
 */
export async function deleteAuditBatch(
  trx: Kysely<Database>,
  dialect: Dialect,
  before: number,
  limit: number,
): Promise<number> {
  await trx
    .updateTable('retention_gate')
    .set({ audit_before: before })
    .where('id', '=', 1)
    .execute();
  const result = await trx
    .deleteFrom('audit_log')
    .where('at', '<', before)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('audit_log')
        .select('id')
        .where('at', '<', before)
        .where(sql<SqlBool>`not ${entryCase(dialect)}`)
        .orderBy('id')
        .limit(limit),
    )
    .executeTakeFirst();
  await trx.updateTable('retention_gate').set({ audit_before: 0 }).where('id', '=', 1).execute();
  return Number(result.numDeletedRows);
}

/**
 * Removes the counts of who viewed whom for UTC days before `before`'s day (audit data too),
 * but a held case's.
 */
export async function deletePersonViews(db: Kysely<Database>, before: number): Promise<number> {
  const day = new Date(Math.floor(before / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  const result = await db
    .deleteFrom('person_views')
    .where('day', '<', day)
    .where('investigation_id', 'not in', (eb) =>
      eb.selectFrom('investigations').select('id').where('legal_hold_at', 'is not', null),
    )
    .executeTakeFirst();
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
