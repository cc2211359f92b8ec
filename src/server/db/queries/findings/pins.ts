import type { Kysely } from 'kysely';

import { readJson, toJson } from '../../dialect';
import type { Database } from '../../schema';
import { findingsDb } from './tables';

/** A pin row joined with who made it. */
export interface PinRecord {
  id: string;
  kind: string;
  ref: string;
  label: string;
  page: string | null;
  snapshot: Record<string, unknown>;
  note: string;
  createdAt: number;
  createdBy: { id: string; displayName: string; email: string } | null;
}

/** The pins of an investigation, newest first. */
export async function listPins(
  db: Kysely<Database>,
  investigationId: string,
): Promise<PinRecord[]> {
  const rows = await findingsDb(db)
    .selectFrom('pins')
    .leftJoin('users', 'users.id', 'pins.created_by')
    .select([
      'pins.id',
      'pins.kind',
      'pins.ref',
      'pins.label',
      'pins.page',
      'pins.snapshot',
      'pins.note',
      'pins.created_at',
      'pins.created_by',
      'users.display_name',
      'users.email',
    ])
    .where('pins.investigation_id', '=', investigationId)
    .orderBy('pins.created_at', 'desc')
    .orderBy('pins.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    ref: row.ref,
    label: row.label,
    page: row.page,
    snapshot: readJson<Record<string, unknown>>(row.snapshot),
    note: row.note,
    createdAt: Number(row.created_at),
    createdBy: row.display_name
      ? { id: row.created_by, displayName: row.display_name, email: row.email ?? '' }
      : null,
  }));
}

/** Adds a pin; false when the same thing is already pinned to the investigation. */
export async function insertPin(
  db: Kysely<Database>,
  pin: {
    id: string;
    investigationId: string;
    kind: string;
    ref: string;
    label: string;
    page: string | null;
    snapshot: unknown;
    note: string;
    createdBy: string;
    createdAt: number;
  },
): Promise<boolean> {
  const result = await findingsDb(db)
    .insertInto('pins')
    .values({
      id: pin.id,
      investigation_id: pin.investigationId,
      kind: pin.kind,
      ref: pin.ref,
      label: pin.label,
      page: pin.page,
      snapshot: toJson(pin.snapshot),
      note: pin.note,
      created_by: pin.createdBy,
      created_at: pin.createdAt,
    })
    .onConflict((oc) => oc.columns(['investigation_id', 'kind', 'ref']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes a pin of an investigation; the removed pin, or undefined when there was none. */
export async function deletePin(db: Kysely<Database>, investigationId: string, pinId: string) {
  return findingsDb(db)
    .deleteFrom('pins')
    .where('investigation_id', '=', investigationId)
    .where('id', '=', pinId)
    .returning(['id', 'kind', 'ref', 'label'])
    .executeTakeFirst();
}
