import type { Kysely } from 'kysely';

import type { Database } from './schema';

/**
 * Runs `fn` in a transaction: the caller's own when `db` already is one (Kysely refuses to
 * nest them), a new one otherwise. Domain functions that must write several rows together use
 * this, so a route can run them inside the transaction that also appends their audit entry.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
