import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** What a person asked to be told by email: both off until they choose. */
export async function getUserNotifications(
  db: Kysely<Database>,
  userId: string,
): Promise<{ assignedToMe: boolean; myRevealDecided: boolean }> {
  const row = await db
    .selectFrom('user_notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { assignedToMe: row?.assigned_to_me === 1, myRevealDecided: row?.my_reveal_decided === 1 };
}

export async function setUserNotifications(
  db: Kysely<Database>,
  userId: string,
  choice: { assignedToMe: boolean; myRevealDecided: boolean },
  now: number,
): Promise<void> {
  const values = {
    assigned_to_me: choice.assignedToMe ? 1 : 0,
    my_reveal_decided: choice.myRevealDecided ? 1 : 0,
    updated_at: now,
  };
  await db
    .insertInto('user_notifications')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/**
 * The address of an enabled user who asked for this personal notification, or null.
 * `choice` is the column of user_notifications that holds their answer.
 */
export async function personalAddress(
  db: Kysely<Database>,
  userId: string,
  choice: 'assigned_to_me' | 'my_reveal_decided',
): Promise<string | null> {
  const row = await db
    .selectFrom('user_notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select('u.email')
    .where('n.user_id', '=', userId)
    .where(`n.${choice}`, '=', 1)
    .where('u.disabled', '=', 0)
    .executeTakeFirst();
  return row?.email ?? null;
}
