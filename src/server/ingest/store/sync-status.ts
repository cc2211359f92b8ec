import type { FormatCount, SkipCount } from '../../../shared/schemas/integrations';
import type { IngestError, IngestVia } from '../pipeline/types';

/** How many errors an integration keeps with its last sync status (the run keeps 100). */
const ERRORS_KEPT = 10;

/** What an integration remembers of its last ingest; stored as JSON in `last_sync_status`. */
export interface SyncStatus {
  status: 'succeeded' | 'rejected' | 'failed';
  runId: number;
  via: IngestVia;
  at: number;
  records: number;
  accepted: number;
  duplicate: number;
  rejected: number;
  /** Absent for a run that failed before reading anything. */
  skipped?: number;
  skips?: SkipCount[];
  formats?: FormatCount[];
  /** Records set aside in quarantine, and by reason. */
  quarantined?: number;
  quarantines?: SkipCount[];
  message: string | null;
  errors: IngestError[];
}

/** The JSON kept in `integrations.last_sync_status`. */
export function syncStatusJson(status: SyncStatus): string {
  return JSON.stringify({
    skipped: 0,
    skips: [],
    formats: [],
    quarantined: 0,
    quarantines: [],
    ...status,
    errors: status.errors.slice(0, ERRORS_KEPT),
  });
}
