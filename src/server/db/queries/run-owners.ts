import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/*
 * Who runs what: ingest runs and analysis runs carry their process (`owner`, see
 * crash-recovery/this-process.ts) and, on PostgreSQL, when it last said it was alive. A run
 * still `running` whose owner has gone is failed by the sweep in crash-recovery/.
 */

/** Says that the runs `owner` has under way are still alive. */
export async function beatRuns(db: Kysely<Database>, owner: string, now: number): Promise<void> {
  await db
    .updateTable('ingest_runs')
    .set({ heartbeat_at: now })
    .where('status', '=', 'running')
    .where('owner', '=', owner)
    .execute();
  await db
    .updateTable('investigations')
    .set({ analysis_heartbeat_at: now })
    .where('analysis_state', '=', 'running')
    .where('analysis_owner', '=', owner)
    .execute();
}

/** A run still marked running, with what tells whether its owner is alive. */
export interface RunningRun<Id> {
  id: Id;
  owner: string | null;
  /** When it started, or (analysis) when it was claimed. */
  startedAt: number;
  heartbeatAt: number | null;
}

/** An ingest run still marked running. */
export interface RunningIngestRun extends RunningRun<number> {
  integrationId: string | null;
  via: string;
}

/** Ingest runs still marked running. */
export async function listRunningIngestRuns(db: Kysely<Database>): Promise<RunningIngestRun[]> {
  const rows = await db
    .selectFrom('ingest_runs')
    .select(['id', 'integration_id', 'via', 'owner', 'started_at', 'heartbeat_at'])
    .where('status', '=', 'running')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    integrationId: row.integration_id,
    via: row.via,
    owner: row.owner,
    startedAt: Number(row.started_at),
    heartbeatAt: row.heartbeat_at === null ? null : Number(row.heartbeat_at),
  }));
}

/**
 * Fails an ingest run whose process has gone, with the reason, if it is still running; and
 * shows the failure on its integration unless a later batch has finished there since. One
 * transaction. Returns whether the run was failed here.
 */
export function failStrandedIngestRun(
  db: Kysely<Database>,
  run: RunningIngestRun,
  failure: { message: string; syncStatusJson: string; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('ingest_runs')
      .set({
        status: 'failed',
        finished_at: failure.now,
        accepted: 0,
        duplicate: 0,
        rejected: 0,
        errors: '[]',
        message: failure.message,
      })
      .where('id', '=', run.id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (run.integrationId !== null) {
      await trx
        .updateTable('integrations')
        .set({ last_sync_at: failure.now, last_sync_status: failure.syncStatusJson })
        .where('id', '=', run.integrationId)
        .where((eb) =>
          eb.or([eb('last_sync_at', 'is', null), eb('last_sync_at', '<=', run.startedAt)]),
        )
        .execute();
    }
    return true;
  });
}

/** Analysis runs (investigations) still marked running. */
export async function listRunningAnalyses(db: Kysely<Database>): Promise<RunningRun<string>[]> {
  const rows = await db
    .selectFrom('investigations')
    .select(['id', 'analysis_owner', 'analysis_updated_at', 'analysis_heartbeat_at'])
    .where('analysis_state', '=', 'running')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    owner: row.analysis_owner,
    startedAt: Number(row.analysis_updated_at ?? 0),
    heartbeatAt: row.analysis_heartbeat_at === null ? null : Number(row.analysis_heartbeat_at),
  }));
}

/**
 * Fails an analysis run whose process has gone, if it is still running under that owner (a
 * case claimed again meanwhile is left alone). Returns whether it was failed here.
 */
export async function failStrandedAnalysis(
  db: Kysely<Database>,
  run: RunningRun<string>,
  now: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('investigations')
    .set({ analysis_state: 'failed', analysis_updated_at: now, analysis_owner: null })
    .where('id', '=', run.id)
    .where('analysis_state', '=', 'running')
    .where((eb) =>
      run.owner === null ? eb('analysis_owner', 'is', null) : eb('analysis_owner', '=', run.owner),
    )
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
