import type { Kysely, Selectable } from 'kysely';

import { toJson } from '../dialect';
import type { Database, IngestRunsTable } from '../schema';

/** One ingest run as stored. */
export type IngestRunRow = Selectable<IngestRunsTable>;

/** Records the start of an ingest by the process `owner`; returns the run id. */
export async function startIngestRun(
  db: Kysely<Database>,
  run: { integrationId: string | null; source: string; via: string; now: number; owner: string },
): Promise<number> {
  const row = await db
    .insertInto('ingest_runs')
    .values({
      integration_id: run.integrationId,
      source: run.source,
      via: run.via,
      started_at: run.now,
      status: 'running',
      accepted: 0,
      duplicate: 0,
      rejected: 0,
      errors: null,
      owner: run.owner,
      heartbeat_at: run.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Ends a run that wrote nothing: `rejected` (bad records, listed in `errors`) or `failed`
 * (the server could not finish it). Successful runs are finished inside the batch's own
 * transaction (ingest/store).
 */
export async function endIngestRunWithoutWrites(
  db: Kysely<Database>,
  runId: number,
  end: {
    status: 'rejected' | 'failed';
    now: number;
    records: number;
    skipped: number;
    skips: unknown[];
    formats: unknown[];
    rejected: number;
    errors: unknown[];
    message: string | null;
  },
): Promise<void> {
  await db
    .updateTable('ingest_runs')
    .set({
      status: end.status,
      finished_at: end.now,
      accepted: 0,
      duplicate: 0,
      rejected: end.rejected,
      errors: toJson(end.errors),
      message: end.message,
      records: end.records,
      skipped: end.skipped,
      skips: toJson(end.skips),
      formats: toJson(end.formats),
    })
    .where('id', '=', runId)
    .execute();
}

/** The most recent runs of an integration, newest first. */
export function listIngestRuns(
  db: Kysely<Database>,
  integrationId: string,
  limit: number,
): Promise<IngestRunRow[]> {
  return db
    .selectFrom('ingest_runs')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Keeps a succeeded batch's warning (retention) on its run, for the run history. */
export async function noteIngestRunWarning(
  db: Kysely<Database>,
  runId: number,
  warning: string,
): Promise<void> {
  await db.updateTable('ingest_runs').set({ message: warning }).where('id', '=', runId).execute();
}
