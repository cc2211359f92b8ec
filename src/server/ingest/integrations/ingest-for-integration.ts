import type { EventSource } from '../../../shared/events';
import type { IngestReply, IngestRejectedReply } from '../../../shared/schemas/integrations';
import type { DatabaseHandle } from '../../db/database';
import type { IntegrationRow } from '../../db/queries/integrations';
import { ingest } from '../pipeline/ingest';
import type {
  IngestInput,
  IngestRequest,
  IngestResult,
  IngestSource,
  IngestVia,
} from '../pipeline/types';
import { readIntegrationOptions } from './present-integration';

/**
 * Ingests one batch into an integration, with the source options it was configured with.
 * `source` is what the request asked for: `auto` (the default) detects each record's format,
 * asking the integration's own kind first. `sizeHint` is the request's Content-Length, when it
 * has one: a large batch is parsed on a worker thread. A collector passes its cursor in
 * `extra.checkpoint`, written in the batch's transaction.
 */
export function ingestForIntegration(
  database: DatabaseHandle,
  integration: IntegrationRow,
  input: IngestInput,
  via: IngestVia,
  sizeHint?: number,
  source: IngestSource = 'auto',
  extra: Pick<IngestRequest, 'checkpoint' | 'faults'> = {},
): Promise<IngestResult> {
  const options = readIntegrationOptions(integration.options);
  return ingest(database, {
    source,
    ...integrationIngestOptions(integration),
    input,
    integrationId: integration.id,
    via,
    ...(sizeHint === undefined ? {} : { sizeHint }),
    ...(options.framing !== 'auto' ? { framing: options.framing } : {}),
    ...extra,
  });
}

/** What an integration's settings add to each of its batches (a retry's too). */
export function integrationIngestOptions(
  integration: IntegrationRow,
): Pick<
  IngestRequest,
  'preferredSource' | 'onlySource' | 'options' | 'dropKinds' | 'undatedAsReceived'
> {
  const options = readIntegrationOptions(integration.options);
  const kind = integration.kind as EventSource;
  return {
    preferredSource: kind,
    // A normalized integration takes every source; any other only its own.
    ...(kind === 'normalized' ? {} : { onlySource: kind }),
    ...(options.removableDrives ? { options: { removableDrives: options.removableDrives } } : {}),
    ...(options.dropKinds?.length ? { dropKinds: options.dropKinds } : {}),
    ...(options.undatedRecords === 'time-received' ? { undatedAsReceived: true } : {}),
  };
}

/** A request's declared body size, if it declared one. */
export function declaredLength(header: string | undefined): number | undefined {
  const length = Number(header);
  return header !== undefined && Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The reply body of a batch: 200 with counts, or 400 with counts, errors and a sentence. */
export function ingestReply(
  result: IngestResult,
): { status: 200; body: IngestReply } | { status: 400; body: IngestRejectedReply } {
  const body: IngestReply = {
    runId: result.runId,
    status: result.status,
    records: result.records,
    accepted: result.accepted,
    duplicate: result.duplicate,
    rejected: result.rejected,
    skipped: result.skipped,
    skips: result.skips,
    formats: result.formats,
    quarantined: result.quarantined,
    quarantines: result.quarantines,
    errors: result.errors,
    warning: result.warning,
    durationMs: result.durationMs,
  };
  if (result.status === 'succeeded') return { status: 200, body };
  return {
    status: 400,
    body: { ...body, error: 'Bad Request', message: result.message ?? 'The batch was rejected.' },
  };
}

/**
 * The refusal for a request that names a source other than its integration's kind, or null
 * when the source fits (`auto`, or the kind itself).
 */
export function sourceConflict(integration: IntegrationRow, source: IngestSource): string | null {
  if (source === 'auto' || source === integration.kind) return null;
  return `This integration reads ${integration.kind}, not ${source}: send source=${integration.kind}, or source=auto to detect the format.`;
}
