import { beginRun, endRun } from '../../runs/runs-in-flight';
import { ownerTag } from '../../runs/this-process';
import { retryWhileDisconnected } from '../../db/connection-loss';
import type { DatabaseHandle } from '../../db/database';
import { getConfiguration } from '../../db/queries/configuration';
import { listEmployeeIdentities } from '../../db/queries/identities';
import {
  endIngestRunWithoutWrites,
  noteIngestRunWarning,
  startIngestRun,
} from '../../db/queries/ingest-runs';
import { recordIntegrationSync } from '../../db/queries/integrations';
import { parserFor } from '../parsers/index';
import { commitPostgresStage } from '../store/postgres-commit';
import { PostgresStage } from '../store/postgres-stage';
import { commitSqliteStage } from '../store/sqlite-commit';
import { SqliteStage } from '../store/sqlite-stage';
import type { QuarantineTag } from '../store/quarantine-writes';
import type { BatchStage, CommitBookkeeping, CommitOutcome } from '../store/staged-rows';
import type { SyncStatus } from '../store/sync-status';
import { syncStatusJson } from '../store/sync-status';
import { readBatchInWorker } from '../worker/read-batch-in-worker';
import type { ParseSetup } from './parse-setup';
import { openParse } from './parse-setup';
import type { BatchReading } from './read-batch';
import { readBatch, refusedReading } from './read-batch';
import { InputRefused } from '../framing/binary-input';
import { isByteSource, recordStream } from './record-stream';
import type { ReadingPlan } from './reading-plan';
import { planReading } from './reading-plan';
import { retentionWarning } from './retention-warning';
import type { IngestRequest, IngestResult } from './types';
import { announceBatch } from './batch-listeners';

/** The sentence for an input without a single record. */
export const EMPTY_INPUT_MESSAGE = 'The upload holds no records.';

/** A request the pipeline refuses before reading anything (unknown source). */
export class IngestRefused extends Error {
  override readonly name = 'IngestRefused';
}

function unique(values: Iterable<string>): string[] {
  return [...new Set([...values].map((v) => v.toLowerCase()))];
}

async function parseSetup(
  handle: DatabaseHandle,
  request: IngestRequest,
  now: number,
): Promise<ParseSetup> {
  const [configuration, identities] = await Promise.all([
    getConfiguration(handle.db),
    listEmployeeIdentities(handle.db),
  ]);
  const given = request.options ?? {};
  return {
    source: request.source,
    ...(request.preferredSource ? { preferredSource: request.preferredSource } : {}),
    ...(request.onlySource ? { onlySource: request.onlySource } : {}),
    identities,
    companyDomains: unique([
      ...(given.companyDomains ?? configuration.companyDomains),
      ...(given.extraCompanyDomains ?? []),
    ]),
    personalEmailDomains: unique([
      ...configuration.personalEmailDomains,
      ...(given.personalEmailDomains ?? []),
    ]),
    now: given.now ?? now,
    ...(given.removableDrives ? { removableDrives: given.removableDrives } : {}),
    integrationId: request.integrationId ?? null,
    ingestedAt: now,
    ...(request.dropKinds?.length ? { dropKinds: [...request.dropKinds] } : {}),
    ...(request.undatedAsReceived ? { undatedAsReceived: true } : {}),
  };
}

/**
 * Reads the batch as planned: on a parse worker, or on this thread (small batches, decoded
 * records, or every worker busy).
 */
async function read(
  plan: ReadingPlan,
  request: IngestRequest,
  setup: ParseSetup,
  stage: BatchStage,
): Promise<BatchReading> {
  if (plan.inWorker && isByteSource(plan.input)) {
    const inWorker = readBatchInWorker(plan.input, {
      setup,
      framing: request.framing,
      stage,
      onProgress: request.onProgress,
    });
    if (inWorker !== null) return inWorker;
  }
  let records;
  try {
    records = await recordStream(plan.input, request.framing);
  } catch (error) {
    if (error instanceof InputRefused) return refusedReading(error.message);
    throw error;
  }
  return readBatch(records, {
    ...openParse(setup),
    stage,
    integrationId: setup.integrationId,
    now: setup.ingestedAt,
    dropKinds: setup.dropKinds,
    probeFormat: request.retry === undefined,
    onProgress: request.onProgress,
  });
}

function rejectionMessage(reading: BatchReading, source: IngestRequest['source']): string {
  if (reading.refusal !== undefined) return reading.refusal;
  if (reading.wrongFormat !== null) {
    return source === 'auto'
      ? `Vigil could not tell the format of this file: ${reading.wrongFormat}. Name its source if Vigil reads it; nothing was written.`
      : `${reading.wrongFormat}. Check that the file comes from this source; nothing was written.`;
  }
  return EMPTY_INPUT_MESSAGE;
}

/**
 * The stage of a batch. A SQLite batch read from a local file at a worker's pace opens its
 * transaction at the first rows, so writing overlaps parsing; others hold rows in memory first,
 * so a slow sender does not hold the database.
 */
function openStage(
  handle: DatabaseHandle,
  request: IngestRequest,
  plan: ReadingPlan,
  tag: QuarantineTag,
): BatchStage {
  if (handle.dialect === 'sqlite') {
    const eager = plan.inWorker && plan.local;
    return new SqliteStage(handle, tag, request.spillBytes ?? (eager ? 0 : undefined));
  }
  if (!handle.pool) throw new Error('A PostgreSQL database handle has no pool');
  return new PostgresStage(handle.pool, request.spillBytes);
}

function commitStage(
  handle: DatabaseHandle,
  stage: BatchStage,
  book: CommitBookkeeping,
  inside?: () => void,
): Promise<CommitOutcome> {
  return stage instanceof SqliteStage
    ? commitSqliteStage(stage, book, inside)
    : commitPostgresStage(handle, stage as PostgresStage, book, inside);
}

async function recordFailure(
  handle: DatabaseHandle,
  request: IngestRequest,
  status: SyncStatus,
): Promise<void> {
  await endIngestRunWithoutWrites(handle.db, status.runId, {
    status: status.status === 'succeeded' ? 'failed' : status.status,
    now: status.at,
    records: status.records,
    skipped: status.skipped ?? 0,
    skips: status.skips ?? [],
    formats: status.formats ?? [],
    rejected: status.rejected,
    errors: status.errors,
    message: status.message,
  });
  if (request.integrationId) {
    await recordIntegrationSync(
      handle.db,
      request.integrationId,
      syncStatusJson(status),
      status.at,
    );
  }
}

/**
 * Ingests one batch of one source: reads and parses the input as a stream, stages the rows
 * (SQLite: in memory, or for a large batch straight into its still-open transaction;
 * PostgreSQL: in memory or temporary tables on a dedicated client), and commits the batch in
 * ONE transaction: its events, and the records that could not become events, set aside in
 * quarantine with their positions and reasons. Only a whole input is refused (no records, or a
 * file of another format); a crash at any point leaves the batch wholly in or wholly out. The
 * run is recorded in ingest_runs and on the integration.
 */
export async function ingest(
  handle: DatabaseHandle,
  request: IngestRequest,
): Promise<IngestResult> {
  const started = Date.now();
  if (request.source !== 'auto' && !parserFor(request.source)) {
    throw new IngestRefused(`There is no parser for the source "${request.source}".`);
  }
  const integrationId = request.integrationId ?? null;
  const setup = await parseSetup(handle, request, started);
  const runId = await startIngestRun(handle.db, {
    integrationId,
    source: request.source,
    via: request.via,
    now: started,
    owner: ownerTag(),
  });
  // From here the run is this process's: a sweep that finds it running leaves it alone.
  beginRun(handle, 'ingest', runId);
  const status = (partial: Partial<SyncStatus>): SyncStatus => ({
    status: 'failed',
    runId,
    via: request.via,
    at: Date.now(),
    records: 0,
    accepted: 0,
    duplicate: 0,
    rejected: 0,
    skipped: 0,
    skips: [],
    formats: [],
    quarantined: 0,
    quarantines: [],
    message: null,
    errors: [],
    ...partial,
  });
  let stage: BatchStage | null = null;
  let plan: ReadingPlan | null = null;
  try {
    plan = await planReading(request);
    const originOf = request.retry?.originOf;
    stage = openStage(handle, request, plan, {
      integrationId,
      runId,
      source: request.source,
      now: started,
      ...(originOf ? { originOf } : {}),
    });
    const reading = await read(plan, request, setup, stage);
    const base = {
      runId,
      records: reading.records,
      events: reading.events,
      skipped: reading.skipped,
      skips: reading.skips,
      formats: reading.formats,
      rejected: reading.rejected,
      quarantined: reading.quarantined,
      quarantines: reading.quarantines,
      errors: reading.errors,
    };
    if (reading.records === 0 || reading.wrongFormat !== null || reading.refusal !== undefined) {
      const message =
        reading.records === 0 && reading.refusal === undefined
          ? EMPTY_INPUT_MESSAGE
          : rejectionMessage(reading, request.source);
      await stage.discard();
      await recordFailure(
        handle,
        request,
        status({
          status: 'rejected',
          records: reading.records,
          rejected: reading.rejected,
          quarantined: 0,
          quarantines: [],
          skipped: reading.skipped,
          skips: reading.skips,
          formats: reading.formats,
          errors: reading.errors,
          message,
        }),
      );
      return {
        ...base,
        quarantined: 0,
        quarantines: [],
        status: 'rejected',
        accepted: 0,
        duplicate: 0,
        employees: 0,
        message,
        warning: null,
        durationMs: Date.now() - started,
      };
    }
    request.faults?.afterStaging?.();
    request.onProgress?.({
      phase: 'writing',
      records: reading.records,
      events: reading.events,
      rejected: 0,
    });
    await request.commitAfter;
    const outcome = await commitStage(
      handle,
      stage,
      {
        runId,
        integrationId,
        via: request.via,
        now: Date.now(),
        records: reading.records,
        skipped: reading.skipped,
        skips: reading.skips,
        formats: reading.formats,
        source: request.source,
        quarantined: reading.quarantined,
        quarantines: reading.quarantines,
        errors: reading.errors,
        ...(request.retry
          ? { retriedIds: request.retry.ids, originOf: request.retry.originOf }
          : {}),
        ...(request.checkpoint ? { checkpoint: request.checkpoint } : {}),
      },
      request.faults?.insideTransaction,
    );
    const warning = await retentionWarning(handle.db, reading.oldestEvent, setup.ingestedAt);
    if (warning) await noteIngestRunWarning(handle.db, runId, warning);
    announceBatch(handle, {
      sources: reading.formats.map((format) => format.source),
      accepted: outcome.accepted,
      employees: outcome.employees,
    });
    request.onProgress?.({
      phase: 'done',
      records: reading.records,
      events: reading.events,
      rejected: 0,
    });
    return {
      ...base,
      status: 'succeeded',
      accepted: outcome.accepted,
      duplicate: outcome.duplicate,
      employees: outcome.employees,
      message: null,
      warning,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    const message = 'The server could not finish this batch; nothing of it was written.';
    // Roll back first: a SQLite batch holds the shared connection the failure is recorded on.
    await stage?.discard().catch(() => undefined);
    // A lost connection fails the batch and often the pool's other connections: try again.
    await retryWhileDisconnected(() =>
      recordFailure(handle, request, status({ status: 'failed', message })),
    ).catch(() => undefined);
    throw error;
  } finally {
    endRun(handle, 'ingest', runId);
    await stage?.discard();
    await plan?.cleanup();
  }
}
