import type { Kysely } from 'kysely';

import { defaultPrivacySettings, privacySettingsSchema } from '../../../shared/schemas/privacy';
import type { PrivacySettings } from '../../../shared/schemas/privacy';
import { readJson, toJson } from '../dialect';
import type { Database } from '../schema';

/** The privacy settings: what was saved, with defaults for anything missing. */
export async function getPrivacySettings(db: Kysely<Database>): Promise<PrivacySettings> {
  const row = await db
    .selectFrom('privacy_settings')
    .select('value')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return defaultPrivacySettings;
  const parsed = privacySettingsSchema.safeParse(readJson<object>(row.value));
  return parsed.success ? parsed.data : defaultPrivacySettings;
}

/** Replaces the privacy settings. */
export async function savePrivacySettings(
  db: Kysely<Database>,
  value: PrivacySettings,
  userId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('privacy_settings')
    .values({ id: 1, value: toJson(value), updated_by: userId, updated_at: now })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ value: toJson(value), updated_by: userId, updated_at: now }),
    )
    .execute();
}

/**
 * Holds the settings row until the transaction ends, so two saves (the privacy screen's and
 * retention's, each reading, merging and writing the one document) cannot lose each other's
 * change: the row is made if missing, then a no-op update takes its lock (see
 * investigation-lock.ts for why not `select … for update`).
 */
export async function holdPrivacySettings(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .insertInto('privacy_settings')
    .values({ id: 1, value: toJson(defaultPrivacySettings), updated_by: null, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .updateTable('privacy_settings')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', 1)
    .execute();
}
