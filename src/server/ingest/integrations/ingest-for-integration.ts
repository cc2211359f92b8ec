import type { EventSource } from '../../../shared/events';
import type { IngestReply, IngestRejectedReply } from '../../../shared/schemas/integrations';
import type { DatabaseHandle } from '../../db/database';
import type { IntegrationRow } from '../../db/queries/integrations';
import { ingest } from '../pipeline/ingest';
import type { IngestInput, IngestResult, IngestVia } from '../pipeline/types';
import { readIntegrationOptions } from './present-integration';

/**
 * Ingests one batch into an integration, with the source options it was configured with.
 * `sizeHint` is the request's Content-Length, when it has one: a large batch is parsed on a
 * worker thread.
 */
export function ingestForIntegration(
  database: DatabaseHandle,
  integration: IntegrationRow,
  input: IngestInput,
  via: IngestVia,
  sizeHint?: number,
): Promise<IngestResult> {
  const options = readIntegrationOptions(integration.options);
  return ingest(database, {
    source: integration.kind as EventSource,
    input,
    integrationId: integration.id,
    via,
    ...(sizeHint === undefined ? {} : { sizeHint }),
    ...(options.framing !== 'auto' ? { framing: options.framing } : {}),
    ...(options.removableDrives ? { options: { removableDrives: options.removableDrives } } : {}),
  });
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
    errors: result.errors,
    durationMs: result.durationMs,
  };
  if (result.status === 'succeeded') return { status: 200, body };
  return {
    status: 400,
    body: { ...body, error: 'Bad Request', message: result.message ?? 'The batch was rejected.' },
  };
}
