import type { Kysely } from 'kysely';

import type { VerifyPinReply } from '../../../shared/schemas/findings/pins';
import { currentRawRecords } from '../../db/queries/findings/pinned-events';
import type { PinRecord } from '../../db/queries/findings/pins';
import type { Database } from '../../db/schema';
import { canonicalSha256 } from '../canonical-json';
import { rawRecordOf, rawRecordSha256 } from './pinned-event';

/**
 * Checks a pin against what it claims. The content hash covers the captured content (the
 * events' rows and raw records as they were pinned, or the finding row and its query); it is
 * recomputed from the stored content. Each pinned event's raw record is read from the events
 * table as it is now and hashed the same way. `changed` when the stored content no longer
 * hashes to its hash, or any event's raw record now hashes differently or the event is gone;
 * `intact` otherwise. A pin made before the server captured pins has no hash: `not_hashed`.
 */
export async function verifyPin(
  db: Kysely<Database>,
  pin: PinRecord,
  verifiedAt: number,
): Promise<VerifyPinReply> {
  const recomputedSha256 = canonicalSha256(pin.content);
  if (pin.contentSha256 === null) {
    return {
      pinId: pin.id,
      status: 'not_hashed',
      contentSha256: null,
      recomputedSha256,
      raw: [],
      verifiedAt,
    };
  }
  const now = await currentRawRecords(
    db,
    pin.rawHashes.map((h) => Number(h.eventId)),
  );
  const raw = pin.rawHashes.map(({ eventId, sha256 }) => {
    const id = Number(eventId);
    const current = now.has(id) ? rawRecordSha256(rawRecordOf(now.get(id))) : null;
    const status: 'intact' | 'changed' | 'missing' =
      current === null ? 'missing' : current === sha256 ? 'intact' : 'changed';
    return { eventId, stored: sha256, current, status };
  });
  const intact = recomputedSha256 === pin.contentSha256 && raw.every((r) => r.status === 'intact');
  return {
    pinId: pin.id,
    status: intact ? 'intact' : 'changed',
    contentSha256: pin.contentSha256,
    recomputedSha256,
    raw,
    verifiedAt,
  };
}
