import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/*
 * PostgreSQL session advisory locks, by name. They belong to the connection that took them:
 * call these on one connection (Kysely's `db.connection()`), and the lock ends with it.
 */

/** Takes the lock if it is free; returns whether it was. */
export async function tryAdvisoryLock(connection: Kysely<Database>, key: string): Promise<boolean> {
  const result = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_lock(hashtext(${key})) as locked`.execute(connection);
  return result.rows[0]!.locked;
}

/** Waits for the lock and takes it. */
export async function advisoryLock(connection: Kysely<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
}

/** Lets the lock go. */
export async function advisoryUnlock(connection: Kysely<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
}
