import type { QuarantinedRecord } from '../../../shared/schemas/quarantine';
import type { QuarantinedRow } from '../../db/queries/quarantine';
import { isWholeRecord } from './quarantine-row';

/** One quarantined record as the API shows it (raw text as stored: escaped when it must be). */
export function presentQuarantined(row: QuarantinedRow): QuarantinedRecord {
  return {
    id: Number(row.id),
    runId: Number(row.run_id),
    position: row.position,
    source: row.source,
    reason: row.reason,
    raw: row.raw,
    rawEncoding: row.raw_encoding === 'json' ? 'json' : 'text',
    rawBytes: row.raw_bytes,
    truncated: !isWholeRecord(row.raw, row.raw_encoding, row.raw_bytes),
    quarantinedAt: Number(row.created_at),
  };
}
