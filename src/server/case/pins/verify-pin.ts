import type { Kysely } from 'kysely';

import type { VerifyPinReply } from '../../../shared/schemas/findings/pins';
import { currentRawRecords } from '../../db/queries/findings/pinned-events';
import type { PinRecord } from '../../db/queries/findings/pins';
import type { Database } from '../../db/schema';
import type { EvidenceHashes } from '../../privacy/evidence-hashes';
import { canonicalJson, sha256Hex } from '../../privacy/canonical-json';
import { rawRecordOf, rawRecordSha256 } from './pinned-event';

/** A pin's check with its SHA-256s, and the texts they cover, before a reader is shown it. */
export interface PinVerification {
  reply: Omit<VerifyPinReply, 'hash'>;
  /** The stored content and each raw record as it is now, as canonical JSON. */
  hashedTexts: string[];
}

/**
 * Checks a pin against what it claims. The content hash covers the captured content (the
 * events' rows and raw records as they were pinned, or the finding row and its query); it is
 * recomputed from the stored content. Each pinned event's raw record is read from the events
 * table as it is now and hashed the same way. `changed` when the stored content no longer
 * hashes to its hash, or any event's raw record now hashes differently or the event is gone;
 * `intact` otherwise. A pin made before the server captured pins has no hash: `not_hashed`.
 * The SHA-256s are compared here; `showVerification` shows them to a reader.
 */
export async function verifyPin(
  db: Kysely<Database>,
  pin: PinRecord,
  verifiedAt: number,
): Promise<PinVerification> {
  const content = canonicalJson(pin.content);
  const recomputedSha256 = sha256Hex(content);
  if (pin.contentSha256 === null) {
    return {
      reply: {
        pinId: pin.id,
        status: 'not_hashed',
        contentSha256: null,
        recomputedSha256,
        raw: [],
        verifiedAt,
      },
      hashedTexts: [content],
    };
  }
  const now = await currentRawRecords(
    db,
    pin.rawHashes.map((h) => Number(h.eventId)),
  );
  const hashedTexts = [content];
  const raw = pin.rawHashes.map(({ eventId, sha256 }) => {
    const id = Number(eventId);
    const record = now.has(id) ? rawRecordOf(now.get(id)) : undefined;
    // A record changed since may name others than the pinned one did.
    if (record !== undefined) hashedTexts.push(canonicalJson(record));
    const current = record === undefined ? null : rawRecordSha256(record);
    const status: 'intact' | 'changed' | 'missing' =
      current === null ? 'missing' : current === sha256 ? 'intact' : 'changed';
    return { eventId, stored: sha256, current, status };
  });
  const intact = recomputedSha256 === pin.contentSha256 && raw.every((r) => r.status === 'intact');
  return {
    reply: {
      pinId: pin.id,
      status: intact ? 'intact' : 'changed',
      contentSha256: pin.contentSha256,
      recomputedSha256,
      raw,
      verifiedAt,
    },
    hashedTexts,
  };
}

/** A check as one reader is shown it: every hash as `hashes` decides from what they cover. */
export function showVerification(
  { reply, hashedTexts }: PinVerification,
  hashes: EvidenceHashes,
): VerifyPinReply {
  const shown = hashes(hashedTexts);
  return {
    ...reply,
    hash: shown.kind,
    contentSha256: reply.contentSha256 === null ? null : shown.show(reply.contentSha256),
    recomputedSha256: shown.show(reply.recomputedSha256),
    raw: reply.raw.map((r) => ({
      ...r,
      stored: shown.show(r.stored),
      current: r.current === null ? null : shown.show(r.current),
    })),
  };
}
