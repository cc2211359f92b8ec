import type SQLite from 'better-sqlite3';

import { indexBatchEventTextSqlite } from '../../db/queries/event-text-batch';
import { writeCheckpointSqlite } from './checkpoint';
import type { SqliteStage } from './sqlite-stage';
import type { CommitBookkeeping, CommitOutcome } from './staged-rows';
import { EMPLOYEE_COLUMNS } from './staged-rows';
import { deleteRetriedSqlite } from './quarantine-writes';
import { syncStatusJson } from './sync-status';

/*
 * The statements that write a staged batch. They stay beside the stage (not in db/queries)
 * because they take positional rows and must run on the raw connection inside the batch's
 * transaction.
 */

const employeeColumns = EMPLOYEE_COLUMNS.map((c) => `"${c}"`).join(', ');
const employeeUpdates = EMPLOYEE_COLUMNS.filter((c) => c !== 'id')
  .map((c) => `"${c}" = excluded."${c}"`)
  .join(', ');

const QUEUE_UPSERT = `on conflict (employee_id) do update set
    from_time = min(detection_queue.from_time, excluded.from_time),
    to_time = max(detection_queue.to_time, excluded.to_time),
    queued_at = excluded.queued_at`;

const SQL = {
  upsertEmployee: `insert into main.employees (${employeeColumns}, created_at, updated_at)
    values (${EMPLOYEE_COLUMNS.map(() => '?').join(', ')}, ?, ?)
    on conflict (id) do update set ${employeeUpdates}, updated_at = excluded.updated_at`,
  // Events stored before their employee was known join the employee now (HR after logs).
  backfillEmployee: `update main.events set employee_id = ?
    where employee_id is null and actor_email = ?`,
  markNewEvents: `update main.investigations set analysis_state = 'pending', analysis_updated_at = ?
    where subject_employee_id in
      (select distinct employee_id from main.events where id > ? and employee_id is not null)`,
  // The people whose events arrived wait for detection, with the span their events cover.
  queueNewEvents: `insert into main.detection_queue (employee_id, from_time, to_time, queued_at)
    select employee_id, min(time), max(time), ? from main.events
    where id > ? and employee_id is not null group by employee_id
    ${QUEUE_UPSERT}`,
  queueJoined: `insert into main.detection_queue (employee_id, from_time, to_time, queued_at)
    select employee_id, min(time), max(time), ? from main.events
    where employee_id = ? group by employee_id
    ${QUEUE_UPSERT}`,
  markSubject: `update main.investigations set analysis_state = 'pending', analysis_updated_at = ?
    where subject_employee_id = ?`,
  finishRun: `update main.ingest_runs set status = 'succeeded', finished_at = @now,
    accepted = @accepted, duplicate = @duplicate, rejected = 0, errors = @errors,
    records = @records, skipped = @skipped, skips = @skips, formats = @formats,
    quarantined = @quarantined, quarantines = @quarantines where id = @runId`,
  updateIntegration: `update main.integrations set event_count = event_count + @accepted,
    last_sync_at = @now, last_sync_status = @status where id = @integrationId`,
} as const;

/**
 * Writes a staged batch in ONE transaction on the app's connection: inserts the events still in
 * memory (`on conflict do nothing`: re-ingest is a no-op), upserts the batch's employees, joins
 * earlier events to newly known employees, marks investigations whose subject got events,
 * queues the people whose events arrived for detection,
 * finishes the run and updates the integration, then commits. A batch that spilled has had its
 * transaction open since then, with most of its events already inserted; a small batch begins
 * it here. Once the transaction is open everything up to COMMIT runs synchronously, and the
 * stage holds the shared connection meanwhile, so no other query interleaves; any failure rolls the whole batch back (see discard).
 */
export async function commitSqliteStage(
  stage: SqliteStage,
  book: CommitBookkeeping,
  insideTransaction?: () => void,
): Promise<CommitOutcome> {
  await stage.begin();
  stage.flush();
  const outcome = writeBatch(stage.sqlite, stage, book, insideTransaction);
  stage.finish();
  return outcome;
}

function writeEmployees(sqlite: SQLite.Database, stage: SqliteStage, now: number): number {
  if (stage.employees.size === 0) return 0;
  const upsert = sqlite.prepare(SQL.upsertEmployee);
  for (const row of stage.employees.values()) upsert.run([...row, now, now]);
  return stage.employees.size;
}

/** Joins stored events to the batch's employees; returns the ids of those who got events. */
function backfillEmployees(sqlite: SQLite.Database, stage: SqliteStage): string[] {
  const update = sqlite.prepare(SQL.backfillEmployee);
  const joined: string[] = [];
  for (const [id, row] of stage.employees) {
    if (update.run(id, row[2]).changes > 0) joined.push(id);
  }
  return joined;
}

function writeBatch(
  sqlite: SQLite.Database,
  stage: SqliteStage,
  book: CommitBookkeeping,
  insideTransaction?: () => void,
): CommitOutcome {
  const { now } = book;
  const employees = writeEmployees(sqlite, stage, now);
  deleteRetriedSqlite(sqlite, book.retriedIds ?? []);
  const { accepted, lastIdBefore: after } = stage;
  const duplicate = stage.eventCount - accepted;
  indexBatchEventTextSqlite(sqlite, after, stage.textQueueTrigger);
  let investigationsMarked = 0;
  if (accepted > 0) {
    investigationsMarked += sqlite.prepare(SQL.markNewEvents).run(now, after).changes;
    sqlite.prepare(SQL.queueNewEvents).run(now, after);
  }
  const mark = sqlite.prepare(SQL.markSubject);
  const queue = sqlite.prepare(SQL.queueJoined);
  for (const id of backfillEmployees(sqlite, stage)) {
    investigationsMarked += mark.run(now, id).changes;
    queue.run(now, id);
  }
  sqlite.prepare(SQL.finishRun).run({
    now,
    accepted,
    duplicate,
    runId: book.runId,
    records: book.records,
    skipped: book.skipped,
    skips: JSON.stringify(book.skips),
    formats: JSON.stringify(book.formats),
    quarantined: book.quarantined,
    quarantines: JSON.stringify(book.quarantines),
    errors: book.errors.length > 0 ? JSON.stringify(book.errors) : null,
  });
  if (book.integrationId !== null) {
    const status = syncStatusJson({
      status: 'succeeded',
      runId: book.runId,
      via: book.via,
      at: now,
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
    sqlite
      .prepare(SQL.updateIntegration)
      .run({ now, accepted, status, integrationId: book.integrationId });
  }
  if (book.checkpoint) writeCheckpointSqlite(sqlite, book.checkpoint, now);
  insideTransaction?.();
  return { accepted, duplicate, employees, investigationsMarked };
}
