import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/**
 * The installation's secret of this name, made from `candidate` on first use. Every process
 * proposes its own candidate; the first insert wins and all read the same value back.
 */
export async function installationSecret(
  db: Kysely<Database>,
  name: string,
  candidate: string,
  now: number,
): Promise<string> {
  await db
    .insertInto('installation_secrets')
    .values({ name, value: candidate, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('installation_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
