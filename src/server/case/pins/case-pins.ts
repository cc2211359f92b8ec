import type { Kysely } from 'kysely';

import type { Pin } from '../../../shared/schemas/findings/pins';
import { listPins } from '../../db/queries/findings/pins';
import type { Database } from '../../db/schema';
import { presentPin } from '../../presenters/pin';
import type { EvidenceHashes } from '../../privacy/evidence-hashes';

/**
 * A case's pinned evidence as the API and the report present it: newest first, each with its
 * captured content (events with their raw records, or a finding row), the SHA-256 of that
 * content's canonical JSON, the SHA-256 of each raw record (keyed for a reader who does not see the content whole: see
 * `EvidenceHashes`), who pinned it and when; with
 * `includeRemoved`, tombstones too (`removed`: who, when, why). The caller has checked that
 * the viewer may see the case.
 */
export async function casePins(
  db: Kysely<Database>,
  investigationId: string,
  options: { includeRemoved: boolean },
  hashes: EvidenceHashes,
): Promise<Pin[]> {
  return (await listPins(db, investigationId, options)).map((pin) => presentPin(pin, hashes));
}
