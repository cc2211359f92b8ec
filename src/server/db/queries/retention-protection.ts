import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';

import type { Dialect } from '../dialect';
import type { Database } from '../schema';

/**
 * Whether the event aliased `e` is kept by a case: it is in the window of a case that is open or
 * on legal hold and belongs to its subject, or (a hold) to someone the held case's evidence
 * names. Written into every retention delete, so a hold or a case committed before the delete
 * starts is seen by it, whatever the run read when it began.
 */
export function keptByCase(e: string) {
  const time = sql.ref(`${e}.time`);
  const employee = sql.ref(`${e}.employee_id`);
  return sql<SqlBool>`(exists (
      select 1 from investigations kc
      where kc.subject_employee_id = ${employee}
        and (kc.status <> 'closed' or kc.legal_hold_at is not null)
        and kc.window_start <= ${time} and kc.window_end >= ${time})
    or exists (
      select 1 from legal_hold_people kp
      inner join investigations kh on kh.id = kp.investigation_id
      where kp.employee_id = ${employee} and kh.legal_hold_at is not null
        and kh.window_start <= ${time} and kh.window_end >= ${time}))`;
}

/** The key both sides of a hold/retention handshake lock on (PostgreSQL). */
function batchKey(schema: string | undefined) {
  return `vigil:${schema ?? 'public'}:retention-batch`;
}

/**
 * Taken by each retention delete batch for its transaction (shared: batches do not wait on each
 * other). PostgreSQL only; on SQLite one writer runs at a time and a statement reads the
 * investigations as committed when it starts.
 */
export async function lockForRetentionBatch(
  trx: Kysely<Database>,
  dialect: Dialect,
  schema: string | undefined,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock_shared(hashtext(${batchKey(schema)}))`.execute(trx);
}

/**
 * Taken by placing a legal hold, for its transaction (exclusive): it waits for the retention
 * batch under way to commit, and the next batch waits for the hold, whose delete then sees it.
 */
export async function lockAgainstRetention(
  trx: Kysely<Database>,
  dialect: Dialect,
  schema: string | undefined,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${batchKey(schema)}))`.execute(trx);
}
