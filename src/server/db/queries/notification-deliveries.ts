import type { Kysely, Selectable } from 'kysely';

import type { DeliveryStatus } from '../../../shared/schemas/notifications';
import type { Database } from '../schema';
import type { NotificationDeliveriesTable } from '../tables/notifications';

/** A delivery as stored; its payload is JSON. */
export type DeliveryRow = Selectable<NotificationDeliveriesTable>;

/**
 * Queues deliveries in the caller's transaction; one already queued for the same event,
 * channel and recipient is left as it is (an event reaches a channel once). Returns how many
 * were queued.
 */
export async function queueDeliveries(
  db: Kysely<Database>,
  rows: readonly DeliveryRow[],
): Promise<number> {
  let queued = 0;
  for (const row of rows) {
    const result = await db
      .insertInto('notification_deliveries')
      .values(row)
      .onConflict((oc) => oc.columns(['event_key', 'channel_id', 'recipient']).doNothing())
      .executeTakeFirst();
    queued += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return queued;
}

/** Ids of pending deliveries due now and held by no sender, oldest first. */
export async function dueDeliveryIds(
  db: Kysely<Database>,
  now: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims a due delivery for one attempt until `until`: the row, or null when another sender
 * has it. A claim that lapses (its process died mid-send) lets the delivery go again, same id.
 */
export async function claimDelivery(
  db: Kysely<Database>,
  id: string,
  now: number,
  until: number,
): Promise<DeliveryRow | null> {
  const result = await db
    .updateTable('notification_deliveries')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return (await findDelivery(db, id)) ?? null;
}

export function findDelivery(db: Kysely<Database>, id: string): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('notification_deliveries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Records one attempt: delivered, to be tried again at `nextAt`, or failed for good. */
export async function recordAttempt(
  db: Kysely<Database>,
  id: string,
  outcome:
    | { status: 'delivered'; at: number }
    | { status: 'pending'; at: number; error: string; nextAt: number }
    | { status: 'failed'; at: number; error: string },
): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set((eb) => ({
      status: outcome.status,
      attempts: eb('attempts', '+', 1),
      last_attempt_at: outcome.at,
      claimed_until: null,
      last_error: outcome.status === 'delivered' ? null : outcome.error,
      delivered_at: outcome.status === 'delivered' ? outcome.at : null,
      next_attempt_at: outcome.status === 'pending' ? outcome.nextAt : null,
    }))
    .where('id', '=', id)
    .execute();
}

/** Queues a delivery again now (an admin's re-send), with a fresh 24 hours of retries. */
export async function requeueDelivery(
  db: Kysely<Database>,
  id: string,
  now: number,
  retryUntil: number,
): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({
      status: 'pending',
      next_attempt_at: now,
      retry_until: retryUntil,
      claimed_until: null,
      delivered_at: null,
    })
    .where('id', '=', id)
    .execute();
}

/** One page of the delivery log, newest first, with the channel's name. */
export function listDeliveries(
  db: Kysely<Database>,
  filter: {
    channelId?: string;
    status?: DeliveryStatus;
    /** The created_at and id of the last row of the previous page. */
    before?: { createdAt: number; id: string };
    limit: number;
  },
) {
  let query = db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notification_channels as c', 'c.id', 'd.channel_id')
    .selectAll('d')
    .select('c.name as channel_name');
  if (filter.channelId) query = query.where('d.channel_id', '=', filter.channelId);
  if (filter.status) query = query.where('d.status', '=', filter.status);
  const before = filter.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('d.created_at', '<', before.createdAt),
        eb.and([eb('d.created_at', '=', before.createdAt), eb('d.id', '<', before.id)]),
      ]),
    );
  }
  return query
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(filter.limit)
    .execute();
}
