import type { EventSource } from '../../../shared/events';
import type {
  Integration,
  IntegrationOptions,
  IngestRun,
  SyncStatus,
} from '../../../shared/schemas/integrations';
import { integrationOptionsSchema, syncStatusSchema } from '../../../shared/schemas/integrations';
import { readJson } from '../../db/dialect';
import type { IngestRunRow } from '../../db/queries/ingest-runs';
import type { CollectionRow } from '../../db/queries/integration-collections';
import type { IntegrationRow } from '../../db/queries/integrations';
import { presentCollectionSummary } from '../collectors/present-collection';
import { parserFor } from '../parsers/index';

/** Stored options, read leniently: what no longer parses falls back to the defaults. */
export function readIntegrationOptions(value: unknown): IntegrationOptions {
  const parsed = integrationOptionsSchema.safeParse(value === null ? {} : readJson(value));
  return parsed.success ? parsed.data : { framing: 'auto' };
}

function readSyncStatus(value: unknown): SyncStatus | null {
  if (value === null || value === undefined) return null;
  const parsed = syncStatusSchema.safeParse(readJson(value));
  return parsed.success ? parsed.data : null;
}

/**
 * An integration row as the API shows it, with its collector's health when it has one: the
 * token hash never leaves the server.
 */
export function presentIntegration(
  row: IntegrationRow,
  collection: CollectionRow | undefined,
): Integration {
  const lastSync = readSyncStatus(row.last_sync_status);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as EventSource,
    kindLabel: parserFor(row.kind)?.label ?? row.kind,
    enabled: row.enabled === 1,
    state: row.enabled !== 1 ? 'disabled' : (lastSync?.status ?? 'waiting'),
    options: readIntegrationOptions(row.options),
    tokenHint: row.token_hint,
    eventCount: Number(row.event_count),
    lastSyncAt: row.last_sync_at === null ? null : Number(row.last_sync_at),
    lastSync,
    collection: presentCollectionSummary(collection),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** One ingest run as the API shows it. */
export function presentIngestRun(row: IngestRunRow): IngestRun {
  const errors = row.errors === null ? [] : readJson<IngestRun['errors']>(row.errors);
  return {
    id: Number(row.id),
    source: row.source,
    via: row.via,
    status: row.status as IngestRun['status'],
    startedAt: Number(row.started_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    records: row.records,
    accepted: row.accepted,
    duplicate: row.duplicate,
    rejected: row.rejected,
    skipped: row.skipped ?? 0,
    skips: jsonList<IngestRun['skips'][number]>(row.skips),
    formats: jsonList<IngestRun['formats'][number]>(row.formats),
    quarantined: row.quarantined ?? 0,
    quarantines: jsonList<IngestRun['quarantines'][number]>(row.quarantines),
    errors: Array.isArray(errors) ? errors : [],
    // A succeeded run's message is its retention warning.
    warning: row.status === 'succeeded' ? (row.message ?? null) : null,
  };
}

/** A JSON list column; an absent or malformed one is empty. */
function jsonList<T>(value: unknown): T[] {
  const parsed = value === null || value === undefined ? [] : readJson<unknown>(value);
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}
