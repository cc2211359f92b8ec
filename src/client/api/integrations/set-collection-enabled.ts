import { collectionQuery } from './get-collection';
import { saveCollection } from './save-collection';
import { queryClient } from '../query-client';

/** Pause or Resume: the stored settings again with `enabled` switched (secrets stay as stored). */
export async function setCollectionEnabled(id: string, enabled: boolean) {
  const current = await queryClient.fetchQuery(collectionQuery(id));
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(current.settings)) {
    if (typeof value === 'string') settings[name] = value;
  }
  return saveCollection(id, {
    enabled,
    intervalSeconds: current.intervalSeconds,
    backfillDays: current.backfillDays,
    settings,
  });
}
