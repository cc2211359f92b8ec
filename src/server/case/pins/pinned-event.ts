import type { EventRow } from '../../../shared/schemas/findings/common';
import type { RawHash } from '../../../shared/schemas/findings/pins';
import { presentEvent } from '../../presenters/event';
import { readJson } from '../../db/dialect';
import type { EventWithRaw } from '../../db/queries/findings/pinned-events';
import { canonicalSha256 } from '../../privacy/canonical-json';

/** One event as a pin holds it: its row as the events endpoint lists it, and its raw record. */
export interface PinnedEvent {
  event: EventRow;
  /** The source record as received (null when the source kept none). */
  raw: unknown;
}

/** A raw record column read as a JSON value (a missing record is null). */
export function rawRecordOf(column: unknown): unknown {
  return column === null || column === undefined ? null : readJson<unknown>(column);
}

/**
 * The SHA-256 of a raw record: of its canonical JSON (RFC 8785), so it does not depend on how
 * either engine stores the JSON. A missing record hashes as `null`.
 */
export function rawRecordSha256(raw: unknown): string {
  return canonicalSha256(raw);
}

/** What a pin keeps of events read from the database, and the hash of each raw record. */
export function pinnedEvents(rows: readonly EventWithRaw[]): {
  events: PinnedEvent[];
  rawHashes: RawHash[];
} {
  const sorted = [...rows].sort((a, b) => a.time - b.time || a.id - b.id);
  const events = sorted.map(({ raw, ...row }) => ({
    event: presentEvent(row),
    raw: rawRecordOf(raw),
  }));
  return {
    events,
    rawHashes: events.map((e) => ({ eventId: e.event.id, sha256: rawRecordSha256(e.raw) })),
  };
}

/** Event ids as given, made numbers; those that cannot be event ids are returned apart. */
export function parseEventIds(ids: readonly string[]): { ids: number[]; malformed: string[] } {
  const valid = new Set<number>();
  const malformed: string[] = [];
  for (const id of ids) {
    const n = /^\d{1,16}$/.test(id) ? Number(id) : Number.NaN;
    if (Number.isSafeInteger(n) && n > 0) valid.add(n);
    else malformed.push(id);
  }
  return { ids: [...valid].sort((a, b) => a - b), malformed };
}
