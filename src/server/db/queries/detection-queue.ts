import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Dialect } from '../dialect';
import type { Database } from '../schema';

/** One person waiting for detection: the span of the events that arrived for them. */
export interface DetectionWork {
  employeeId: string;
  from: number;
  to: number;
  queuedAt: number;
}

/**
 * Queues people for detection over the whole span of their stored events (events that joined
 * them after the fact: an alias, a NetBIOS name, HR after the logs). Ingest queues its own
 * batches inside their transactions.
 */
export async function queueEmployeesForDetection(
  db: Kysely<Database>,
  employeeIds: readonly string[],
  now: number,
): Promise<void> {
  if (employeeIds.length === 0) return;
  await db
    .insertInto('detection_queue')
    .columns(['employee_id', 'from_time', 'to_time', 'queued_at'])
    .expression((eb) =>
      eb
        .selectFrom('events')
        .select((s) => [
          'employee_id',
          s.fn.min('time').as('from_time'),
          s.fn.max('time').as('to_time'),
          sql.lit(now).as('queued_at'),
        ])
        .where('employee_id', 'in', [...employeeIds])
        .groupBy('employee_id'),
    )
    .onConflict((oc) =>
      oc.column('employee_id').doUpdateSet({
        from_time: sql`excluded.from_time`,
        to_time: sql`excluded.to_time`,
        queued_at: sql`excluded.queued_at`,
      }),
    )
    .execute();
}

/**
 * Claims up to `limit` people nobody is working on (or whose claim went stale: its process
 * died), oldest first, for `owner`. On PostgreSQL the rows are locked with SKIP LOCKED, so
 * several processes on one database never claim the same person; SQLite has one writer.
 */
export async function claimDetectionWork(
  db: Kysely<Database>,
  dialect: Dialect,
  owner: string,
  now: number,
  staleBefore: number,
  limit: number,
): Promise<DetectionWork[]> {
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<{
    employee_id: string;
    from_time: number | string;
    to_time: number | string;
    queued_at: number | string;
  }>`update detection_queue set claimed_by = ${owner}, claimed_at = ${now}
    where employee_id in (
      select employee_id from detection_queue
      where claimed_at is null or claimed_at < ${staleBefore}
      order by queued_at limit ${limit} ${lock})
    returning employee_id, from_time, to_time, queued_at`.execute(db);
  return result.rows.map((row) => ({
    employeeId: row.employee_id,
    from: Number(row.from_time),
    to: Number(row.to_time),
    queuedAt: Number(row.queued_at),
  }));
}

/**
 * Ends claims: each person leaves the queue, unless more events arrived meanwhile (the row was
 * queued again), in which case the claim is released so the next pass takes the wider span.
 * A batch's claims end in two statements, not two per person.
 */
export async function finishDetectionWork(
  db: Kysely<Database>,
  works: readonly DetectionWork[],
  owner: string,
): Promise<void> {
  if (works.length === 0) return;
  const claims = works.map(
    (work) => sql`(employee_id = ${work.employeeId} and queued_at = ${work.queuedAt})`,
  );
  const removed = await sql<{ employee_id: string }>`delete from detection_queue
    where claimed_by = ${owner} and (${sql.join(claims, sql` or `)})
    returning employee_id`.execute(db);
  const gone = new Set(removed.rows.map((row) => row.employee_id));
  const queuedAgain = works.filter((work) => !gone.has(work.employeeId));
  if (queuedAgain.length === 0) return;
  await db
    .updateTable('detection_queue')
    .set({ claimed_by: null, claimed_at: null })
    .where(
      'employee_id',
      'in',
      queuedAgain.map((work) => work.employeeId),
    )
    .where('claimed_by', '=', owner)
    .execute();
}

/** Gives a claimed person back to the queue (a failed pass), for another try. */
export async function releaseDetectionWork(
  db: Kysely<Database>,
  employeeId: string,
  owner: string,
): Promise<void> {
  await db
    .updateTable('detection_queue')
    .set({ claimed_by: null, claimed_at: null })
    .where('employee_id', '=', employeeId)
    .where('claimed_by', '=', owner)
    .execute();
}

/** How many people wait for detection (claimed or not). */
export async function countDetectionQueue(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('detection_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Queues everyone with events since `since`, over those events: the scheduled pass, so rules
 * whose answer changes as time passes (a person joining the departing list, a baseline that
 * moves) are asked again even when no new batch arrives for the person.
 */
export async function queueActivePeople(
  db: Kysely<Database>,
  dialect: Dialect,
  since: number,
  now: number,
): Promise<void> {
  const [least, greatest] = dialect === 'postgres' ? ['least', 'greatest'] : ['min', 'max'];
  await db
    .insertInto('detection_queue')
    .columns(['employee_id', 'from_time', 'to_time', 'queued_at'])
    .expression((eb) =>
      eb
        .selectFrom('events')
        .select((s) => [
          'employee_id',
          s.fn.min('time').as('from_time'),
          s.fn.max('time').as('to_time'),
          sql.lit(now).as('queued_at'),
        ])
        .where('time', '>=', since)
        .where('employee_id', 'is not', null)
        .groupBy('employee_id'),
    )
    .onConflict((oc) =>
      oc.column('employee_id').doUpdateSet({
        from_time: sql`${sql.raw(least)}(detection_queue.from_time, excluded.from_time)`,
        to_time: sql`${sql.raw(greatest)}(detection_queue.to_time, excluded.to_time)`,
        queued_at: sql`excluded.queued_at`,
      }),
    )
    .execute();
}

/** Who holds claims on the detection queue, with their earliest claim. */
export async function listDetectionClaimOwners(
  db: Kysely<Database>,
): Promise<Array<{ owner: string; claimedAt: number; people: number }>> {
  const rows = await db
    .selectFrom('detection_queue')
    .select((eb) => [
      'claimed_by',
      eb.fn.min('claimed_at').as('claimed_at'),
      eb.fn.countAll<number>().as('people'),
    ])
    .where('claimed_by', 'is not', null)
    .groupBy('claimed_by')
    .execute();
  return rows.map((row) => ({
    owner: row.claimed_by!,
    claimedAt: Number(row.claimed_at),
    people: Number(row.people),
  }));
}

/** Hands every person an owner holds back to the queue; returns how many. */
export async function releaseClaimsOf(db: Kysely<Database>, owner: string): Promise<number> {
  const result = await db
    .updateTable('detection_queue')
    .set({ claimed_by: null, claimed_at: null })
    .where('claimed_by', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
