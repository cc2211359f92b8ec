import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

import type { Dialect } from '../dialect';
import type { Database } from '../schema';

/**
 * How long a key must wait after its n-th counted attempt: nothing before `free`, then
 * `stepsMs[0]` after attempt `free`, `stepsMs[1]` after the next, and the last step beyond.
 */
export interface AttemptBackoff {
  free: number;
  stepsMs: readonly number[];
}

/** One counter an attempt is reserved on. */
export interface AttemptKey {
  key: string;
  backoff: AttemptBackoff;
}

/** The wait after `attempts` counted attempts (the same rule as `delaySql`). */
export function delayAfter(backoff: AttemptBackoff, attempts: number): number {
  if (attempts < backoff.free) return 0;
  const { stepsMs } = backoff;
  return stepsMs[Math.min(attempts - backoff.free, stepsMs.length - 1)] ?? 0;
}

/** `delayAfter` in SQL over the stored row, with literal numbers so both engines agree. */
function delaySql(backoff: AttemptBackoff): RawBuilder<number> {
  const { free, stepsMs } = backoff;
  const steps = stepsMs
    .slice(0, -1)
    .map((ms, i) => sql`when sign_in_attempts.attempts = ${sql.lit(free + i)} then ${sql.lit(ms)}`);
  return sql<number>`case when sign_in_attempts.attempts < ${sql.lit(free)} then 0
    ${sql.join(steps, sql` `)} else ${sql.lit(stepsMs.at(-1) ?? 0)} end`;
}

class Refused extends Error {
  constructor(readonly waitMs: number) {
    super('refused');
  }
}

/**
 * Counts one attempt on every key, or on none: each key's row is incremented by one statement
 * that only succeeds when the key's wait since its last attempt is over (a row forgotten at
 * `expires_at` starts again at 1). Keys are taken in sorted order so that concurrent
 * reservations on PostgreSQL lock rows in one order and never deadlock; on SQLite the
 * transaction holds the only connection. Returns the wait when any key refuses.
 */
export async function reserveAttempt(
  db: Kysely<Database>,
  keys: readonly AttemptKey[],
  now: number,
  windowMs: number,
): Promise<{ reserved: true } | { reserved: false; waitMs: number }> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  try {
    await db.transaction().execute(async (trx) => {
      let waitMs = 0;
      for (const { key, backoff } of sorted) {
        const counted = await trx
          .insertInto('sign_in_attempts')
          .values({ key, attempts: 1, last_at: now, expires_at: now + windowMs })
          .onConflict((oc) =>
            oc
              .column('key')
              .doUpdateSet({
                attempts: sql`case when sign_in_attempts.expires_at <= ${now} then 1
                  else sign_in_attempts.attempts + 1 end`,
                last_at: now,
                expires_at: now + windowMs,
              })
              .where((eb) =>
                eb.or([
                  eb('sign_in_attempts.expires_at', '<=', now),
                  eb(sql`sign_in_attempts.last_at + ${delaySql(backoff)}`, '<=', now),
                ]),
              ),
          )
          .returning('attempts')
          .executeTakeFirst();
        if (counted) continue;
        const row = await trx
          .selectFrom('sign_in_attempts')
          .select(['attempts', 'last_at'])
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        waitMs = Math.max(waitMs, row.last_at + delayAfter(backoff, row.attempts) - now, 1);
      }
      // Refused on any key: roll back the others, so a refused attempt counts nowhere.
      if (waitMs > 0) throw new Refused(waitMs);
    });
    return { reserved: true };
  } catch (error) {
    if (error instanceof Refused) return { reserved: false, waitMs: error.waitMs };
    throw error;
  }
}

/** Gives back an attempt that turned out to be a successful sign-in (not a failure). */
export async function refundAttempt(db: Kysely<Database>, key: string, now: number): Promise<void> {
  await db
    .updateTable('sign_in_attempts')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .where('expires_at', '>', now)
    .execute();
}

/** Forgets a counter. */
export async function clearAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('key', '=', key).execute();
}

/** Keeps a marker key (no attempts) until `expiresAt`, e.g. an address an account signed in from. */
export async function rememberKey(
  db: Kysely<Database>,
  key: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  await db
    .insertInto('sign_in_attempts')
    .values({ key, attempts: 0, last_at: now, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ last_at: now, expires_at: expiresAt }))
    .execute();
}

/** Whether a marker key is remembered and not yet expired. */
export async function isKeyRemembered(
  db: Kysely<Database>,
  key: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select('key')
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes up to `limit` expired rows. On PostgreSQL rows another transaction holds are skipped
 * (SKIP LOCKED): a prune that waited on them could deadlock with a reservation locking the
 * same rows in another order. SQLite has no row locks and runs one writer at a time.
 */
export async function pruneAttempts(
  db: Kysely<Database>,
  dialect: Dialect,
  now: number,
  limit = 200,
): Promise<number> {
  let expired = db
    .selectFrom('sign_in_attempts')
    .select('key')
    .where('expires_at', '<=', now)
    .limit(limit);
  if (dialect === 'postgres') expired = expired.forUpdate().skipLocked();
  const result = await db
    .deleteFrom('sign_in_attempts')
    .where('key', 'in', expired)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How long a key must still wait before its next attempt (0 when it need not), without counting one. */
export async function attemptWait(
  db: Kysely<Database>,
  key: string,
  backoff: AttemptBackoff,
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select(['attempts', 'last_at'])
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? Math.max(0, row.last_at + delayAfter(backoff, row.attempts) - now) : 0;
}
