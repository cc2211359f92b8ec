import { Readable } from 'node:stream';

import type { EventSource } from '../../../shared/events';
import { eventSources } from '../../../shared/events';
import type { RetryQuarantineReply } from '../../../shared/schemas/quarantine';
import type { DatabaseHandle } from '../../db/database';
import type { IntegrationRow } from '../../db/queries/integrations';
import type { QuarantineOwner, QuarantinedRow } from '../../db/queries/quarantine';
import {
  lastQuarantinedId,
  quarantineReasons,
  retryableQuarantined,
} from '../../db/queries/quarantine';
import { conflict } from '../../domain-error';
import { ingestReply, integrationIngestOptions } from '../integrations/ingest-for-integration';
import { ingest } from '../pipeline/ingest';
import type { IngestSource } from '../pipeline/types';
import { isWholeRecord, originalRaw } from './quarantine-row';

/** Records re-read per batch: one transaction each, so a long retry never holds the database. */
const RETRY_BATCH = 1000;

/** Quarantines with a retry running in this process. */
const running = new Set<string>();

/** True while a retry of this quarantine runs. */
export function isRetrying(owner: QuarantineOwner): boolean {
  return running.has(owner ?? '');
}

/** A record a retry can re-read: its whole text was kept, and it has one. */
function retryable(row: QuarantinedRow): boolean {
  return row.raw !== '' && isWholeRecord(row.raw, row.raw_encoding, row.raw_bytes);
}

function sourceOf(row: QuarantinedRow): IngestSource {
  return (eventSources as readonly string[]).includes(row.source)
    ? (row.source as EventSource)
    : 'auto';
}

/**
 * "Try again": re-reads a quarantine's records through the pipeline, with the integration's
 * settings as they are now (after a configuration or parser change), oldest first, a batch of
 * records of one source at a time. Each batch is an ordinary ingest run (via `retry`) whose
 * transaction also removes the records it re-read: those that pass leave the quarantine, those
 * that fail again go back with their new reason and their first run and position. Records cut at
 * 1 MB (or without text) cannot pass and are left alone. Throws a conflict while another retry
 * of the same quarantine runs in this process.
 */
export async function retryQuarantine(
  handle: DatabaseHandle,
  owner: QuarantineOwner,
  integration: IntegrationRow | null,
): Promise<RetryQuarantineReply> {
  const key = owner ?? '';
  if (running.has(key)) {
    throw conflict('A retry of this quarantine is already running; try again when it ends.');
  }
  running.add(key);
  try {
    const maxId = await lastQuarantinedId(handle.db, owner);
    const reply: RetryQuarantineReply = { retried: 0, released: 0, remaining: 0, runs: [] };
    let afterId = 0;
    for (;;) {
      const page = await retryableQuarantined(handle.db, owner, {
        afterId,
        maxId,
        limit: RETRY_BATCH,
      });
      if (page.length === 0) break;
      afterId = page.at(-1)!.id;
      const bySource = new Map<IngestSource, QuarantinedRow[]>();
      for (const row of page.filter(retryable)) {
        const source = sourceOf(row);
        bySource.set(source, [...(bySource.get(source) ?? []), row]);
      }
      for (const [source, rows] of bySource) {
        const text = rows.map((row) => originalRaw(row.raw, row.raw_encoding)).join('\n');
        const result = await ingest(handle, {
          source,
          ...(integration ? integrationIngestOptions(integration) : {}),
          input: Readable.from([Buffer.from(text, 'utf8')]),
          framing: 'ndjson',
          parseInWorker: false,
          integrationId: owner,
          via: 'retry',
          retry: {
            ids: rows.map((row) => Number(row.id)),
            originOf: (position) => {
              const row = rows[position - 1];
              return row && { runId: Number(row.run_id), position: row.position };
            },
          },
        });
        reply.retried += rows.length;
        reply.released += rows.length - result.quarantined;
        reply.runs.push(ingestReply(result).body);
      }
    }
    const reasons = await quarantineReasons(handle.db, owner);
    reply.remaining = reasons.reduce((sum, { count }) => sum + count, 0);
    return reply;
  } finally {
    running.delete(key);
  }
}
