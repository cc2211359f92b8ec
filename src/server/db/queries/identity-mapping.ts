import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** Events that name someone (an email or an account) but joined no employee. */
const UNMAPPED = sql<boolean>`employee_id is null and (actor_email is not null or actor_id is not null)`;

/** The latest owner of each device name the device inventory has seen with a known employee. */
export async function listDeviceOwners(
  db: Kysely<Database>,
): Promise<Array<{ device: string; employeeId: string }>> {
  const rows = await db
    .selectFrom('events')
    .select(['device_name', 'employee_id', (eb) => eb.fn.max('time').as('last_seen')])
    .where('activity', '=', 'device_seen')
    .where('employee_id', 'is not', null)
    .where('device_name', 'is not', null)
    .groupBy(['device_name', 'employee_id'])
    .execute();
  // Oldest first, so a device handed to someone else ends with its newest owner.
  return rows
    .sort((a, b) => Number(a.last_seen) - Number(b.last_seen))
    .map((row) => ({ device: row.device_name!, employeeId: row.employee_id! }));
}

/** One way unmapped events name their actor, with how many events do. */
export interface UnmappedActor {
  actorEmail: string | null;
  actorId: string | null;
  deviceName: string | null;
  events: number;
}

/** The distinct actors (email, account, device) of events that joined no employee. */
export async function listUnmappedActors(db: Kysely<Database>): Promise<UnmappedActor[]> {
  const rows = await db
    .selectFrom('events')
    .select(['actor_email', 'actor_id', 'device_name', (eb) => eb.fn.countAll().as('n')])
    .where(UNMAPPED)
    .groupBy(['actor_email', 'actor_id', 'device_name'])
    .execute();
  return rows.map((row) => ({
    actorEmail: row.actor_email,
    actorId: row.actor_id,
    deviceName: row.device_name,
    events: Number(row.n),
  }));
}

/**
 * Gives the unmapped events of one actor (same email, account and device; null matches null)
 * to an employee. Returns how many events changed.
 */
export async function assignUnmappedActor(
  db: Kysely<Database>,
  actor: Pick<UnmappedActor, 'actorEmail' | 'actorId' | 'deviceName'>,
  employeeId: string,
): Promise<number> {
  const result = await db
    .updateTable('events')
    .set({ employee_id: employeeId })
    .where('employee_id', 'is', null)
    .where((eb) =>
      eb.and([
        actor.actorEmail === null
          ? eb('actor_email', 'is', null)
          : eb('actor_email', '=', actor.actorEmail),
        actor.actorId === null ? eb('actor_id', 'is', null) : eb('actor_id', '=', actor.actorId),
        actor.deviceName === null
          ? eb('device_name', 'is', null)
          : eb('device_name', '=', actor.deviceName),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Queues the open cases of these subjects for a new analysis (their events changed). */
export async function queueSubjects(
  db: Kysely<Database>,
  employeeIds: readonly string[],
  now: number,
): Promise<void> {
  if (employeeIds.length === 0) return;
  await db
    .updateTable('investigations')
    .set({ analysis_state: 'pending', analysis_updated_at: now })
    .where('subject_employee_id', 'in', [...employeeIds])
    .where('status', '<>', 'closed')
    .execute();
}

/** An account whose events joined no employee, per source, with its event count. */
export interface UnmappedAccountRow {
  source: string;
  /** The address, or the account id where no event of it carried one. */
  account: string;
  /** Whether `account` is an address (else an id: a Windows user, a bot). */
  isEmail: boolean;
  events: number;
  lastSeen: number;
}

/**
 * Accounts of unmapped events by source, most events first. One row per account as a person
 * reads it (its address, else its id), whatever the case: grouped by address and id, an
 * account whose events carry its id in some records and not in others (16 and 1 events) or
 * its address in two cases was listed twice.
 */
export async function listUnmappedAccounts(db: Kysely<Database>): Promise<UnmappedAccountRow[]> {
  const account = sql<string>`coalesce(actor_email, actor_id)`;
  const key = sql<string>`lower(coalesce(actor_email, actor_id))`;
  const rows = await db
    .selectFrom('events')
    .select([
      'source',
      (eb) => eb.fn.min(account).as('account'),
      (eb) => eb.fn.max('actor_email').as('email'),
      (eb) => eb.fn.countAll().as('n'),
      (eb) => eb.fn.max('time').as('last_seen'),
    ])
    .where(UNMAPPED)
    .groupBy(['source', key])
    .execute();
  return rows
    .map((row) => ({
      source: row.source,
      account: row.account,
      isEmail: row.email !== null,
      events: Number(row.n),
      lastSeen: Number(row.last_seen),
    }))
    .sort((a, b) => b.events - a.events || b.lastSeen - a.lastSeen);
}
