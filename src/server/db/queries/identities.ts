import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** Every employee's id and email: the join key of identities across sources. */
export function listEmployeeIdentities(
  db: Kysely<Database>,
): Promise<Array<{ id: string; email: string }>> {
  return db.selectFrom('employees').select(['id', 'email']).execute();
}
