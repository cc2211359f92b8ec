import type pg from 'pg';

import type { DatabaseHandle } from '../../db/database';
import {
  EMPLOYEE_TYPES,
  EVENT_COLUMN_LIST,
  eventsFromJsonRows,
  eventsJson,
  eventsJsonRows,
  transpose,
} from './postgres-columns';
import { writeCheckpointPostgres } from './checkpoint';
import { ensureMonthlyPartitions } from './postgres-partitions';
import type { PostgresStage } from './postgres-stage';
import { CHUNK_ROWS } from './postgres-stage';
import type { CommitBookkeeping, CommitOutcome } from './staged-rows';
import { EMPLOYEE_COLUMNS } from './staged-rows';
import { deleteRetriedPostgres, insertQuarantinedPostgres } from './quarantine-writes';
import { syncStatusJson } from './sync-status';

/*
 * The statements that write a staged batch. They stay beside the stage (not in db/queries)
 * because they take whole columns as arrays or read the stage's temporary table on its client.
 */

const employeeColumns = EMPLOYEE_COLUMNS.map((c) => `"${c}"`).join(', ');
const employeeArrays = EMPLOYEE_COLUMNS.map((c, i) => `$${i + 1}::${EMPLOYEE_TYPES[c]}[]`).join(
  ', ',
);
const employeeUpdates = EMPLOYEE_COLUMNS.filter((c) => c !== 'id')
  .map((c) => `"${c}" = excluded."${c}"`)
  .join(', ');
const nowParam = `$${EMPLOYEE_COLUMNS.length + 1}::bigint`;

/** Counts what an insert into events added, and whose events they were. */
/**
 * Queues for detection the people whose events a statement added (its CTE `source` returns
 * employee_id and time), widening a span already queued; part of the batch's transaction.
 */
const queueForDetection = (source: string) => `queued as (
    insert into detection_queue (employee_id, from_time, to_time, queued_at)
    select employee_id, min(time), max(time), (extract(epoch from clock_timestamp()) * 1000)::bigint
    from ${source} where employee_id is not null group by employee_id
    on conflict (employee_id) do update set
      from_time = least(detection_queue.from_time, excluded.from_time),
      to_time = greatest(detection_queue.to_time, excluded.to_time),
      queued_at = excluded.queued_at)`;

const added = (
  insert: string,
) => `with added as (${insert} on conflict do nothing returning employee_id, time),
  ${queueForDetection('added')}
  select count(*)::int as accepted,
    coalesce(array_agg(distinct employee_id) filter (where employee_id is not null), '{}') as subjects
  from added`;

const SQL = {
  upsertEmployees: `insert into employees (${employeeColumns}, created_at, updated_at)
    select t.*, ${nowParam}, ${nowParam} from unnest(${employeeArrays}) as t
    on conflict (id) do update set ${employeeUpdates}, updated_at = excluded.updated_at`,
  insertEvents: added(
    `insert into events (${EVENT_COLUMN_LIST}) select ${eventsFromJsonRows()} from ${eventsJsonRows()}`,
  ),
  // The stage's chunks in the order they were staged, each unpacked as insertEvents' parameter.
  copyEvents: (table: string) =>
    added(`insert into events (${EVENT_COLUMN_LIST}) select ${eventsFromJsonRows()}
      from (select rows from ${table} order by n) as c, jsonb_array_elements(c.rows::jsonb) as r`),
  // Events stored before their employee was known join the employee now (HR after logs).
  backfillEmployees: `with joined as (
      update events set employee_id = s.id from unnest($1::text[], $2::text[]) as s(id, email)
      where events.employee_id is null and events.actor_email = s.email
      returning s.id, s.id as employee_id, events.time),
    ${queueForDetection('joined')}
    select coalesce(array_agg(distinct id), '{}') as ids from joined`,
  markSubjects: `update investigations set analysis_state = 'pending', analysis_updated_at = $1
    where subject_employee_id = any($2::text[])`,
  finishRun: `update ingest_runs set status = 'succeeded', finished_at = $1, accepted = $2,
    duplicate = $3, rejected = 0, errors = $11::jsonb, records = $5, skipped = $6, skips = $7::jsonb,
    formats = $8::jsonb, quarantined = $9, quarantines = $10::jsonb where id = $4`,
  updateIntegration: `update integrations set event_count = event_count + $1, last_sync_at = $2,
    last_sync_status = $3::jsonb where id = $4`,
};

type Added = { accepted: number; subjects: string[] };

/** Inserts the batch's events (from memory in chunks, or from its temporary table). */
async function insertEvents(client: pg.PoolClient, stage: PostgresStage): Promise<Added> {
  if (stage.eventsTable !== null) {
    return (await client.query<Added>(SQL.copyEvents(stage.eventsTable))).rows[0]!;
  }
  let accepted = 0;
  const subjects = new Set<string>();
  for (let i = 0; i < stage.memoryRows.length; i += CHUNK_ROWS) {
    const chunk = stage.memoryRows.slice(i, i + CHUNK_ROWS);
    const row = (await client.query<Added>(SQL.insertEvents, [eventsJson(chunk)])).rows[0]!;
    accepted += row.accepted;
    for (const id of row.subjects) subjects.add(id);
  }
  return { accepted, subjects: [...subjects] };
}

/** Upserts the batch's employees; returns how many. */
async function writeEmployees(client: pg.PoolClient, stage: PostgresStage, at: number) {
  const rows = [...stage.employees.values()] as unknown[][];
  if (rows.length > 0) {
    await client.query(SQL.upsertEmployees, [...transpose(rows, EMPLOYEE_COLUMNS.length), at]);
  }
  return rows.length;
}

/** Joins events stored before their employee was known; returns the employees who got some. */
async function backfill(client: pg.PoolClient, stage: PostgresStage): Promise<string[]> {
  if (stage.employees.size === 0) return [];
  const ids = [...stage.employees.keys()];
  const emails = [...stage.employees.values()].map((row) => row[2] as string);
  return (await client.query<{ ids: string[] }>(SQL.backfillEmployees, [ids, emails])).rows[0]!.ids;
}

/**
 * Writes a staged batch in ONE transaction on a dedicated client. It waits first for the rows
 * still on their way to the temporary table (a failed staging insert fails the batch there),
 * and ensures partitions for its months (see ensureMonthlyPartitions for why outside the
 * transaction); then BEGIN, upsert employees, insert events (`on conflict do nothing`:
 * re-ingest is a no-op), join earlier events to newly known employees, mark investigations
 * whose subject got events, finish the run, update the integration, COMMIT. Any failure rolls
 * the whole batch back.
 */
export async function commitPostgresStage(
  handle: DatabaseHandle,
  stage: PostgresStage,
  book: CommitBookkeeping,
  insideTransaction?: () => void,
): Promise<CommitOutcome> {
  if (!handle.pool) throw new Error('commitPostgresStage needs a PostgreSQL database');
  await stage.settle();
  const client = await stage.connection();
  await ensureMonthlyPartitions(handle.pool, client, handle.schema ?? 'public', stage.months);
  await client.query('begin');
  try {
    const employees = await writeEmployees(client, stage, book.now);
    await deleteRetriedPostgres(client, book.retriedIds ?? []);
    await insertQuarantinedPostgres(client, stage.quarantined, book);
    const { accepted, subjects } = await insertEvents(client, stage);
    const duplicate = stage.eventCount - accepted;
    const due = new Set([...subjects, ...(await backfill(client, stage))]);
    const investigationsMarked =
      due.size === 0
        ? 0
        : ((await client.query(SQL.markSubjects, [book.now, [...due]])).rowCount ?? 0);
    await client.query(SQL.finishRun, [
      book.now,
      accepted,
      duplicate,
      book.runId,
      book.records,
      book.skipped,
      JSON.stringify(book.skips),
      JSON.stringify(book.formats),
      book.quarantined,
      JSON.stringify(book.quarantines),
      book.errors.length > 0 ? JSON.stringify(book.errors) : null,
    ]);
    if (book.integrationId !== null) {
      const status = syncStatusJson({
        status: 'succeeded',
        runId: book.runId,
        via: book.via,
        at: book.now,
        records: book.records,
        accepted,
        duplicate,
        rejected: 0,
        skipped: book.skipped,
        skips: book.skips,
        formats: book.formats,
        quarantined: book.quarantined,
        quarantines: book.quarantines,
        message: null,
        errors: book.errors,
      });
      await client.query(SQL.updateIntegration, [accepted, book.now, status, book.integrationId]);
    }
    if (book.checkpoint) await writeCheckpointPostgres(client, book.checkpoint, book.now);
    insideTransaction?.();
    await client.query('commit');
    return { accepted, duplicate, employees, investigationsMarked };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
