import type { Kysely } from 'kysely';

import { deleteOtherUserSessions } from '../db/queries/sessions';
import { findUserById, updateUser } from '../db/queries/users';
import type { Database } from '../db/schema';
import { notFound } from '../domain-error';

/**
 * Sets the user's own new password (hashed beforehand, outside the transaction), clears the
 * temporary mark, and ends every other session of theirs: whoever else held one (a stolen
 * cookie, the admin who knew the temporary password) is out. The session making the change
 * stays. Returns how many sessions ended. Run inside the change's transaction.
 */
export async function changeOwnPassword(
  trx: Kysely<Database>,
  change: { userId: string; passwordHash: string; keepSessionTokenHash: string; now: number },
): Promise<number> {
  const row = await findUserById(trx, change.userId);
  if (!row) throw notFound('Your account no longer exists.');
  await updateUser(
    trx,
    change.userId,
    { password_hash: change.passwordHash, password_temporary: 0 },
    change.now,
  );
  return deleteOtherUserSessions(trx, change.userId, change.keepSessionTokenHash);
}
