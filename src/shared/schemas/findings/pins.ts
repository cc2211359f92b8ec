import { z } from 'zod';

import { evidencePageSlugs } from '../../findings/catalogue';
import { pinTableIds } from '../../findings/pin-tables';
import { epochMs, userRefSchema } from '../common';

/** The most events one pin holds. */
export const MAX_PINNED_EVENTS = 500;

/**
 * Pins of events made outside the evidence pages: the subject timeline, where every figure's
 * drill-down lands, and an alert's events (pinned to the case the alert became).
 */
export const EVENT_PIN_PAGES = { timeline: 'timeline', alert: 'alert' } as const;

/** Where a pin can come from: an evidence page (its slug), the incident timeline, or above. */
const pinPages: readonly string[] = [
  ...evidencePageSlugs,
  'incidents',
  ...Object.values(EVENT_PIN_PAGES),
];

const SNAPSHOT_REFUSED =
  'A pin does not take a snapshot: the server captures what is pinned. Send eventIds, or finding and key.';

/**
 * POST /investigations/{id}/pins: what to pin, by name only. Either `eventIds` (events of the
 * subject in the case's window) or `finding` and `key` (a row of a finding table, see
 * findings/pin-tables.ts). The server captures the content itself; a client-sent `snapshot`,
 * or any other key, is refused.
 */
export const createPinBodySchema = z
  .strictObject(
    {
      eventIds: z
        .array(z.string().trim().min(1, 'An event id must not be empty.').max(40))
        .min(1, 'Name at least one event.')
        .max(MAX_PINNED_EVENTS, `A pin holds at most ${MAX_PINNED_EVENTS} events.`)
        .optional(),
      /** With eventIds: the evidence page they were pinned from, or `incidents`. */
      page: z
        .string()
        .max(60)
        .refine((page) => pinPages.includes(page), {
          error: `must be an evidence page or incidents: ${pinPages.join(', ')}`,
        })
        .optional(),
      /** With eventIds pinned from an incident's timeline: that incident. */
      incidentId: z.string().min(1).max(128).optional(),
      finding: z.enum(pinTableIds).optional(),
      key: z.string().min(1, 'key must not be empty').max(2000).optional(),
      note: z.string().max(2000).default(''),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' && issue.keys.includes('snapshot')
          ? SNAPSHOT_REFUSED
          : undefined,
    },
  )
  .superRefine((body, ctx) => {
    const byEvents = body.eventIds !== undefined;
    const byFinding = body.finding !== undefined || body.key !== undefined;
    if (byEvents === byFinding) {
      ctx.addIssue({
        code: 'custom',
        message: 'Name what to pin: eventIds, or finding and key (not both).',
      });
    } else if (byFinding && (body.finding === undefined || body.key === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [body.finding === undefined ? 'finding' : 'key'],
        message: 'A finding row is named by its finding table and its key.',
      });
    } else if (byFinding && (body.page !== undefined || body.incidentId !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'page and incidentId go with eventIds; a finding row comes from its own page.',
      });
    }
  });
export type CreatePinBody = z.input<typeof createPinBodySchema>;

/** DELETE /investigations/{id}/pins/{pinId}: why the pin is withdrawn (kept on its tombstone). */
export const removePinBodySchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the pin is removed: the tombstone keeps the reason.')
    .max(2000),
});
export type RemovePinBody = z.input<typeof removePinBodySchema>;

/** The SHA-256 of one pinned event's raw record (its canonical JSON), when it was pinned. */
export const rawHashSchema = z.object({ eventId: z.string(), sha256: z.string() });
export type RawHash = z.infer<typeof rawHashSchema>;

/**
 * What a pin's hashes are for this reader: `sha256`, the SHA-256 itself, when they see the
 * hashed content whole; else `hmac-sha256`, HMAC-SHA-256 of it under the installation's
 * evidence key, so a pseudonymized record's hash cannot be recomputed from a guessed name.
 */
export const hashKinds = ['sha256', 'hmac-sha256'] as const;
export type HashKind = (typeof hashKinds)[number];

/** A hash kind as the screens name it. */
export function hashLabel(kind: HashKind): string {
  return kind === 'sha256' ? 'SHA-256' : 'HMAC-SHA-256';
}

/** `events` and `finding`; pins made before the server captured them: event, file, contact... */
export const pinKinds = ['events', 'finding', 'event', 'incident', 'file', 'contact'] as const;

/**
 * One pinned piece of evidence, live or a tombstone. `content` is what the server captured
 * (for events: each event's row as the events endpoint lists it and its raw record; for a
 * finding row: the row and the query that computed it); `contentSha256` is the SHA-256 of its
 * canonical JSON (RFC 8785), and `rawHashes` that of each pinned event's raw record. Pins made
 * before the server captured them carry the browser's snapshot, `capturedBy: client` and no hash.
 */
export const pinSchema = z.object({
  id: z.string(),
  kind: z.enum(pinKinds),
  ref: z.string(),
  label: z.string(),
  page: z.string().nullable(),
  /** A finding row's table and key (null for events). */
  finding: z.string().nullable(),
  key: z.string().nullable(),
  /** The events the pin holds (a finding row's, when it names them). */
  eventIds: z.array(z.string()),
  content: z.unknown(),
  contentSha256: z.string().nullable(),
  rawHashes: z.array(rawHashSchema),
  hash: z.enum(hashKinds),
  capturedBy: z.enum(['server', 'client']),
  note: z.string(),
  createdBy: userRefSchema.nullable(),
  createdAt: epochMs,
  /** Set on a tombstone: when, by whom and why the pin was removed. */
  removed: z.object({ at: epochMs, by: userRefSchema.nullable(), reason: z.string() }).nullable(),
});
export type Pin = z.infer<typeof pinSchema>;

/** GET /investigations/{id}/pins: live pins and tombstones, newest first. */
export const pinsReplySchema = z.object({ pins: z.array(pinSchema) });

/** How one pinned event's raw record compares with the events table now. */
export const rawCheckSchema = z.object({
  eventId: z.string(),
  stored: z.string(),
  /** The SHA-256 of the raw record as it is now; null when the event is gone. */
  current: z.string().nullable(),
  status: z.enum(['intact', 'changed', 'missing']),
});

/**
 * POST /investigations/{id}/pins/{pinId}/verify. `intact`: the stored content still hashes to
 * contentSha256 and every pinned event's raw record, as it is now in the events table, hashes
 * to the stored raw hash. `changed`: either is not so (an event that is gone counts as
 * changed). `not_hashed`: a pin made before the server captured pins, with nothing to check.
 */
export const verifyPinReplySchema = z.object({
  pinId: z.string(),
  status: z.enum(['intact', 'changed', 'not_hashed']),
  /** What every hash of this reply is (see `hashKinds`); Verify compares the SHA-256s. */
  hash: z.enum(hashKinds),
  contentSha256: z.string().nullable(),
  recomputedSha256: z.string(),
  raw: z.array(rawCheckSchema),
  verifiedAt: epochMs,
});
export type VerifyPinReply = z.infer<typeof verifyPinReplySchema>;
