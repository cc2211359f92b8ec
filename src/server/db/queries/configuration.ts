import type { Kysely } from 'kysely';

import { configurationSchema, defaultConfiguration } from '../../../shared/schemas/configuration';
import type { Configuration } from '../../../shared/schemas/configuration';
import { readJson, toJson } from '../dialect';
import type { Database } from '../schema';

/** The detection configuration: what was saved, with defaults for anything missing. */
export async function getConfiguration(db: Kysely<Database>): Promise<Configuration> {
  const row = await db
    .selectFrom('configuration')
    .select('value')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return defaultConfiguration;
  const parsed = configurationSchema.safeParse({
    ...defaultConfiguration,
    ...readJson<object>(row.value),
  });
  return parsed.success ? parsed.data : defaultConfiguration;
}

/** Replaces the configuration. */
export async function saveConfiguration(
  db: Kysely<Database>,
  value: Configuration,
  userId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('configuration')
    .values({ id: 1, value: toJson(value), updated_by: userId, updated_at: now })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ value: toJson(value), updated_by: userId, updated_at: now }),
    )
    .execute();
}
