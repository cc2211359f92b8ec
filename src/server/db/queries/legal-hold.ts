import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** The hold on a case now, or null when there is none. */
export async function findLegalHold(
  db: Kysely<Database>,
  investigationId: string,
): Promise<{ at: number; by: string; reason: string } | null> {
  const row = await db
    .selectFrom('investigations')
    .select(['legal_hold_at', 'legal_hold_by', 'legal_hold_reason'])
    .where('id', '=', investigationId)
    .executeTakeFirst();
  if (!row || row.legal_hold_at === null) return null;
  return {
    at: Number(row.legal_hold_at),
    by: row.legal_hold_by ?? '',
    reason: row.legal_hold_reason ?? '',
  };
}

/** Places a hold (or, with null, lifts it). The case's own fields say who and why. */
export async function setLegalHold(
  db: Kysely<Database>,
  investigationId: string,
  hold: { at: number; by: string; reason: string } | null,
): Promise<void> {
  await db
    .updateTable('investigations')
    .set({
      legal_hold_at: hold?.at ?? null,
      legal_hold_by: hold?.by ?? null,
      legal_hold_reason: hold?.reason ?? null,
    })
    .where('id', '=', investigationId)
    .execute();
}
