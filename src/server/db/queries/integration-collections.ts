import { sql } from 'kysely';
import type { Kysely, Selectable, Updateable } from 'kysely';

import type { Database } from '../schema';
import type { IntegrationCollectionsTable } from '../tables/collection';

/*
 * Collection settings, cursors, leases and health (migration 0030). The cursor that comes with
 * events is written inside the ingest transaction (ingest/store/checkpoint.ts); these are the
 * writes around it.
 */

/** One collection as stored (secrets sealed: never send this row as it is). */
export type CollectionRow = Selectable<IntegrationCollectionsTable>;

/** The collection of an integration, or undefined when it was never configured. */
export function findCollection(
  db: Kysely<Database>,
  integrationId: string,
): Promise<CollectionRow | undefined> {
  return db
    .selectFrom('integration_collections')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .executeTakeFirst();
}

/** What a PUT stores: settings, sealed secrets and their hints, schedule. */
export interface CollectionSettingsWrite {
  integrationId: string;
  enabled: boolean;
  intervalSeconds: number;
  backfillDays: number;
  settings: string;
  secrets: string | null;
  secretHints: string;
  /** Whether the credentials or the base URL changed: a stopped collector may try again. */
  restart: boolean;
  now: number;
}

/** Stores a collection's settings; a new or changed one is due at once, a paused one never. */
export async function saveCollectionSettings(
  db: Kysely<Database>,
  write: CollectionSettingsWrite,
): Promise<void> {
  const before = await findCollection(db, write.integrationId);
  const values = {
    enabled: write.enabled ? 1 : 0,
    interval_seconds: write.intervalSeconds,
    backfill_days: write.backfillDays,
    settings: write.settings,
    secrets: write.secrets,
    secret_hints: write.secretHints,
    updated_at: write.now,
  };
  if (!before) {
    await db
      .insertInto('integration_collections')
      .values({
        integration_id: write.integrationId,
        ...values,
        state: write.enabled ? 'idle' : 'paused',
        next_poll_at: write.enabled ? write.now : null,
      })
      .execute();
    return;
  }
  const resumed = write.enabled && (before.enabled === 0 || write.restart);
  const schedule: Updateable<IntegrationCollectionsTable> = !write.enabled
    ? { state: 'paused', next_poll_at: null }
    : resumed
      ? // A failing one stays failing until a poll succeeds (then its recovery is audited).
        {
          state: before.state === 'paused' ? 'idle' : before.state,
          next_poll_at: write.now,
          attempts: 0,
        }
      : {};
  await db
    .updateTable('integration_collections')
    .set({ ...values, ...schedule })
    .where('integration_id', '=', write.integrationId)
    .execute();
}

/** Poll now: whichever process has the lease free polls at once (the vendor's waits still hold). */
export async function requestCollectionRun(
  db: Kysely<Database>,
  integrationId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('integration_collections')
    .set({ run_requested_at: now })
    .where('integration_id', '=', integrationId)
    .execute();
}

/** Enabled collections due now (their time came, or Poll now), not leased, not told to wait. */
export async function listDueCollections(
  db: Kysely<Database>,
  now: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('integration_collections')
    .select('integration_id')
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('next_poll_at', '<=', now), eb('run_requested_at', 'is not', null)]))
    .where((eb) => eb.or([eb('wait_until', 'is', null), eb('wait_until', '<=', now)]))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('next_poll_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.integration_id);
}

/**
 * Takes the lease if it is free, lapsed, already ours, or held by `staleOwner` (a process of
 * this machine that is gone). Returns the row as claimed, or null when another process holds it.
 */
export async function claimCollectionLease(
  db: Kysely<Database>,
  lease: {
    integrationId: string;
    owner: string;
    now: number;
    until: number;
    staleOwner: string | null;
  },
): Promise<CollectionRow | null> {
  const claimed = await db
    .updateTable('integration_collections')
    .set({ lease_owner: lease.owner, lease_until: lease.until, run_requested_at: null })
    .where('integration_id', '=', lease.integrationId)
    .where('enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb('lease_owner', 'is', null),
        eb('lease_until', '<', lease.now),
        eb('lease_owner', '=', lease.owner),
        ...(lease.staleOwner ? [eb('lease_owner', '=', lease.staleOwner)] : []),
      ]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  return (await findCollection(db, lease.integrationId)) ?? null;
}

/** Extends a lease still held; false when it was lost. */
export async function renewCollectionLease(
  db: Kysely<Database>,
  integrationId: string,
  owner: string,
  until: number,
): Promise<boolean> {
  const renewed = await db
    .updateTable('integration_collections')
    .set({ lease_until: until })
    .where('integration_id', '=', integrationId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/**
 * Moves the cursor without events (an empty page, the first run's start), if the lease is still
 * ours and nobody moved the cursor since `expectedVersion`. Returns whether it was written.
 */
export async function saveCursorAlone(
  db: Kysely<Database>,
  write: {
    integrationId: string;
    owner: string;
    expectedVersion: number;
    cursor: string;
    now: number;
  },
): Promise<boolean> {
  const saved = await db
    .updateTable('integration_collections')
    .set((eb) => ({
      cursor: write.cursor,
      cursor_version: eb('cursor_version', '+', 1),
      updated_at: write.now,
    }))
    .where('integration_id', '=', write.integrationId)
    .where('lease_owner', '=', write.owner)
    .where('cursor_version', '=', write.expectedVersion)
    .executeTakeFirst();
  return Number(saved.numUpdatedRows) === 1;
}

/** Marks a collection as polling now. */
export async function markPolling(
  db: Kysely<Database>,
  integrationId: string,
  owner: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('integration_collections')
    .set({ state: 'polling', last_poll_at: now })
    .where('integration_id', '=', integrationId)
    .where('lease_owner', '=', owner)
    .execute();
}

/** How a poll ended, as written on the collection. */
export type PollEnd = Pick<
  Updateable<IntegrationCollectionsTable>,
  | 'state'
  | 'last_success_at'
  | 'last_error'
  | 'failing_since'
  | 'attempts'
  | 'next_poll_at'
  | 'wait_until'
>;

/** Writes how a poll ended and lets the lease go (only if it is still ours). */
export async function finishPoll(
  db: Kysely<Database>,
  integrationId: string,
  owner: string,
  end: PollEnd,
  now: number,
): Promise<void> {
  await db
    .updateTable('integration_collections')
    // A collection paused while it was polling stays paused.
    .set((eb) => ({
      ...end,
      state: eb.case().when('enabled', '=', 0).then('paused').else(end.state!).end(),
      lease_owner: null,
      lease_until: null,
      updated_at: now,
    }))
    .where('integration_id', '=', integrationId)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Events a collector stored since `since` (its succeeded runs' accepted counts). */
export async function collectedSince(
  db: Kysely<Database>,
  integrationId: string,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('ingest_runs')
    .select(sql<number>`coalesce(sum(accepted), 0)`.as('events'))
    .where('integration_id', '=', integrationId)
    .where('via', '=', 'collector')
    .where('status', '=', 'succeeded')
    .where('finished_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.events);
}

/** Every configured collection, for the integrations list (one query, not one per row). */
export function listCollections(db: Kysely<Database>): Promise<CollectionRow[]> {
  return db.selectFrom('integration_collections').selectAll().execute();
}
