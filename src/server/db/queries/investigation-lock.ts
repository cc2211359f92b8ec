import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/**
 * Holds an investigation's row until the transaction ends, so a change to the case and its
 * closing cannot interleave: a no-op update, which takes the row lock on PostgreSQL (a reader
 * after it sees the committed status) and the write lock on SQLite, where one writer runs at a
 * time anyway. Portable where `select … for update` is not.
 */
export async function holdInvestigation(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('investigations')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .execute();
}
