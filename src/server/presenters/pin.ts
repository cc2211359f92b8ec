import type { Pin } from '../../shared/schemas/findings/pins';
import { pinKinds } from '../../shared/schemas/findings/pins';
import { canonicalJson } from '../privacy/canonical-json';
import type { PinRecord } from '../db/queries/findings/pins';
import type { EvidenceHashes } from '../privacy/evidence-hashes';
import { presentUserRef } from './user';

/** The table and key of a finding pin's ref (`<table>:<key>`, see pin-tables.ts); nulls otherwise. */
function findingOf(record: PinRecord): { finding: string | null; key: string | null } {
  const at = record.ref.indexOf(':');
  if (record.kind === 'events' || record.kind === 'event' || at < 1)
    return { finding: null, key: null };
  return { finding: record.ref.slice(0, at), key: record.ref.slice(at + 1) };
}

/** The events a pin holds: those hashed with it, or an older event pin's own ref. */
function eventIdsOf(record: PinRecord): string[] {
  if (record.rawHashes.length > 0) return record.rawHashes.map((h) => h.eventId);
  return record.kind === 'event' ? [record.ref] : [];
}

/**
 * A pin (live or a tombstone) as the API sends it; people pass through the user presenter, and
 * its hashes are shown as `hashes` decides for the reader from the content they cover (the raw
 * records are inside it).
 */
export function presentPin(record: PinRecord, hashes: EvidenceHashes): Pin {
  const shown = hashes([canonicalJson(record.content)]);
  const kind = (pinKinds as readonly string[]).includes(record.kind)
    ? (record.kind as Pin['kind'])
    : 'finding';
  return {
    id: record.id,
    kind,
    ref: record.ref,
    label: record.label,
    page: record.page,
    ...findingOf(record),
    eventIds: eventIdsOf(record),
    content: record.content,
    contentSha256: record.contentSha256 === null ? null : shown.show(record.contentSha256),
    rawHashes: record.rawHashes.map((h) => ({ eventId: h.eventId, sha256: shown.show(h.sha256) })),
    hash: shown.kind,
    capturedBy: record.capturedBy === 'server' ? 'server' : 'client',
    note: record.note,
    createdBy: record.createdBy ? presentUserRef(record.createdBy) : null,
    createdAt: record.createdAt,
    removed:
      record.removedAt === null
        ? null
        : {
            at: record.removedAt,
            by: record.removedBy ? presentUserRef(record.removedBy) : null,
            reason: record.removedReason ?? '',
          },
  };
}
