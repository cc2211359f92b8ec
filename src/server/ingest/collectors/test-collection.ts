import type { Kysely } from 'kysely';

import type { CollectionTestReply } from '../../../shared/schemas/collection';
import type { IntegrationRow } from '../../db/queries/integrations';
import { findCollection } from '../../db/queries/integration-collections';
import type { Database } from '../../db/schema';
import { collectorContextBase } from './collector-context';
import { collectorFor } from './collectors';
import type { SecretBox } from './secret-box';
import { SecretUnreadable } from './secret-box';

/**
 * Test connection: one cheap request to the vendor with the saved settings. Nothing is stored
 * and the cursor does not move; the answer is a sentence either way.
 */
export async function testCollection(
  db: Kysely<Database>,
  secretBox: SecretBox,
  integration: IntegrationRow,
  allowInsecure: boolean,
): Promise<CollectionTestReply> {
  const collector = collectorFor(integration.kind);
  const row = await findCollection(db, integration.id);
  if (!collector || !row) {
    return { ok: false, message: 'Save the collection settings first, then test the connection.' };
  }
  let base;
  try {
    base = collectorContextBase(row, secretBox);
  } catch (error) {
    if (error instanceof SecretUnreadable) return { ok: false, message: error.message };
    throw error;
  }
  const refuse = () => Promise.reject(new Error('A connection test stores nothing'));
  return collector.test({
    ...base,
    allowInsecure,
    now: () => Date.now(),
    stopping: () => false,
    commitPage: refuse,
    saveCursor: refuse,
  });
}
