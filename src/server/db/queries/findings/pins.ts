import type { Kysely } from 'kysely';

import type { RawHash } from '../../../../shared/schemas/findings/pins';
import { readJson, toJson } from '../../dialect';
import type { Database } from '../../schema';
import { findingsDb } from './tables';

/** Someone who pinned or removed a pin, as the users table has them. */
export interface PinUser {
  id: string;
  email: string | null;
  display_name: string | null;
}

/** A pin row with its JSON read and the people who made and removed it. */
export interface PinRecord {
  id: string;
  investigationId: string;
  kind: string;
  ref: string;
  label: string;
  page: string | null;
  /** What was captured (or, before 0018, the browser's snapshot). */
  content: unknown;
  contentSha256: string | null;
  rawHashes: RawHash[];
  capturedBy: string;
  note: string;
  createdAt: number;
  createdBy: PinUser | null;
  removedAt: number | null;
  removedBy: PinUser | null;
  removedReason: string | null;
}

function pinQuery(db: Kysely<Database>) {
  return findingsDb(db)
    .selectFrom('pins')
    .leftJoin('users as creator', 'creator.id', 'pins.created_by')
    .leftJoin('users as remover', 'remover.id', 'pins.removed_by')
    .selectAll('pins')
    .select([
      'creator.display_name as creator_name',
      'creator.email as creator_email',
      'remover.display_name as remover_name',
      'remover.email as remover_email',
    ]);
}

type PinJoined = Awaited<ReturnType<ReturnType<typeof pinQuery>['executeTakeFirstOrThrow']>>;

function user(id: string | null, name: string | null, email: string | null): PinUser | null {
  return id ? { id, email, display_name: name } : null;
}

function toRecord(row: PinJoined): PinRecord {
  return {
    id: row.id,
    investigationId: row.investigation_id,
    kind: row.kind,
    ref: row.ref,
    label: row.label,
    page: row.page,
    content: readJson<unknown>(row.content),
    contentSha256: row.content_sha256,
    rawHashes: readJson<RawHash[]>(row.raw_hashes),
    capturedBy: row.captured_by,
    note: row.note,
    createdAt: Number(row.created_at),
    createdBy: user(row.created_by, row.creator_name, row.creator_email),
    removedAt: row.removed_at === null ? null : Number(row.removed_at),
    removedBy: user(row.removed_by, row.remover_name, row.remover_email),
    removedReason: row.removed_reason,
  };
}

/**
 * The pins of an investigation, newest first: the live ones, and the tombstones of removed
 * ones too with `includeRemoved`.
 */
export async function listPins(
  db: Kysely<Database>,
  investigationId: string,
  options: { includeRemoved: boolean },
): Promise<PinRecord[]> {
  let query = pinQuery(db).where('pins.investigation_id', '=', investigationId);
  if (!options.includeRemoved) query = query.where('pins.removed_at', 'is', null);
  const rows = await query.orderBy('pins.created_at', 'desc').orderBy('pins.id').execute();
  return rows.map(toRecord);
}

/** One pin of an investigation (live or a tombstone), or undefined. */
export async function findPin(
  db: Kysely<Database>,
  investigationId: string,
  pinId: string,
): Promise<PinRecord | undefined> {
  const row = await pinQuery(db)
    .where('pins.investigation_id', '=', investigationId)
    .where('pins.id', '=', pinId)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** What the server captured for a new pin. */
export interface NewPin {
  id: string;
  investigationId: string;
  kind: 'events' | 'finding';
  ref: string;
  label: string;
  page: string | null;
  /** The canonical JSON of the content, as hashed. */
  contentJson: string;
  contentSha256: string;
  rawHashes: RawHash[];
  note: string;
  createdBy: string;
  createdAt: number;
}

/** Adds a live pin; false when the same thing is already pinned (and not removed). */
export async function insertPin(db: Kysely<Database>, pin: NewPin): Promise<boolean> {
  const result = await findingsDb(db)
    .insertInto('pins')
    .values({
      id: pin.id,
      investigation_id: pin.investigationId,
      kind: pin.kind,
      ref: pin.ref,
      label: pin.label,
      page: pin.page,
      content: pin.contentJson,
      content_sha256: pin.contentSha256,
      raw_hashes: toJson(pin.rawHashes),
      captured_by: 'server',
      note: pin.note,
      created_by: pin.createdBy,
      created_at: pin.createdAt,
    })
    // The partial unique index allows one live pin per (investigation, kind, ref).
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Turns a live pin into a tombstone (who, when, why); false when there is no live pin of
 * that id on the investigation.
 */
export async function tombstonePin(
  db: Kysely<Database>,
  investigationId: string,
  pinId: string,
  removal: { by: string; at: number; reason: string },
): Promise<boolean> {
  const result = await findingsDb(db)
    .updateTable('pins')
    .set({ removed_at: removal.at, removed_by: removal.by, removed_reason: removal.reason })
    .where('investigation_id', '=', investigationId)
    .where('id', '=', pinId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
