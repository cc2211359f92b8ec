import type { Kysely } from 'kysely';

import { readJson, toJson } from '../dialect';
import type { Database } from '../schema';

/** The stored settings document of a user, or null when they never saved any. */
export async function findUserSettings(db: Kysely<Database>, userId: string): Promise<unknown> {
  const row = await db
    .selectFrom('user_settings')
    .select('settings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? readJson<unknown>(row.settings) : null;
}

/** Replaces the settings document of a user. */
export async function saveUserSettings(
  db: Kysely<Database>,
  userId: string,
  settings: unknown,
  now: number,
): Promise<void> {
  await db
    .insertInto('user_settings')
    .values({ user_id: userId, settings: toJson(settings), updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ settings: toJson(settings), updated_at: now }),
    )
    .execute();
}
