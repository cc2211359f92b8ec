import type { Kysely } from 'kysely';

import { activeUserIds } from '../db/queries/users';
import type { Database } from '../db/schema';
import { invalid } from '../domain-error';

/** Refuses assignees or members that do not exist or are disabled. */
export async function checkActiveUsers(db: Kysely<Database>, userIds: string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const active = await activeUserIds(db, unique);
  const missing = unique.filter((id) => !active.has(id));
  if (missing.length > 0) {
    throw invalid(
      missing.length === 1
        ? 'One of the users is not an active Vigil user.'
        : `${missing.length} of the users are not active Vigil users.`,
    );
  }
}
