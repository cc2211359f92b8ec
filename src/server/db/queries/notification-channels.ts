import type { Kysely, Selectable } from 'kysely';

import type { Database } from '../schema';
import type { NotificationChannelsTable } from '../tables/notifications';

/** A channel as stored: settings and hints are JSON text (SQLite) or parsed (PostgreSQL). */
export type ChannelRow = Selectable<NotificationChannelsTable>;

/** Every channel, by name. */
export function listChannels(db: Kysely<Database>): Promise<ChannelRow[]> {
  return db.selectFrom('notification_channels').selectAll().orderBy('name').orderBy('id').execute();
}

export function findChannel(db: Kysely<Database>, id: string): Promise<ChannelRow | undefined> {
  return db.selectFrom('notification_channels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ids among `ids` that name no channel. */
export async function unknownChannelIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('notification_channels')
    .select('id')
    .where('id', 'in', ids)
    .execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** The first enabled email channel: the transport a person's own notifications go through. */
export function firstEmailChannel(db: Kysely<Database>): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('notification_channels')
    .selectAll()
    .where('kind', '=', 'email')
    .where('enabled', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertChannel(db: Kysely<Database>, row: ChannelRow): Promise<void> {
  await db.insertInto('notification_channels').values(row).execute();
}

export async function updateChannel(
  db: Kysely<Database>,
  id: string,
  change: Partial<Omit<ChannelRow, 'id' | 'kind' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('notification_channels').set(change).where('id', '=', id).execute();
}

/** Deletes a channel (its deliveries go with it); true when there was one. */
export async function deleteChannel(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notification_channels')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
