import type { Kysely } from 'kysely';

import type { Database } from '../schema';
import { findingsDb } from './findings/tables';

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

/**
 * What a case's live pins hold, as text to find people in: what each captured (stored JSON),
 * and the recipients and targets of the events pinned (columns a captured row leaves out).
 */
export async function livePinTexts(
  db: Kysely<Database>,
  investigationId: string,
): Promise<string[]> {
  const rows = await findingsDb(db)
    .selectFrom('pins')
    .select('content')
    .where('investigation_id', '=', investigationId)
    .where('removed_at', 'is', null)
    .execute();
  const texts = rows.map((row) =>
    typeof row.content === 'string' ? row.content : JSON.stringify(row.content),
  );
  const eventIds = texts.flatMap(pinnedEventIds);
  for (let i = 0; i < eventIds.length; i += 500) {
    const events = await db
      .selectFrom('events')
      .select(['email_recipients', 'target'])
      .where('id', 'in', eventIds.slice(i, i + 500))
      .execute();
    for (const event of events)
      texts.push(
        `${event.email_recipients === null ? '' : JSON.stringify(event.email_recipients)} ${event.target ?? ''}`,
      );
  }
  return texts;
}

/** The ids of the events a pin of events captured (none for other pins). */
function pinnedEventIds(content: string): number[] {
  try {
    const parsed = JSON.parse(content) as { kind?: unknown; events?: unknown };
    if (parsed.kind !== 'events' || !Array.isArray(parsed.events)) return [];
    return parsed.events
      .map((e: { event?: { id?: unknown } }) => Number(e.event?.id))
      .filter((id) => Number.isSafeInteger(id) && id > 0);
  } catch {
    return [];
  }
}

/** Adds people whose events the case's hold keeps in its window (those named already stay). */
export async function addHeldPeople(
  db: Kysely<Database>,
  investigationId: string,
  employeeIds: readonly string[],
): Promise<void> {
  if (employeeIds.length === 0) return;
  await db
    .insertInto('legal_hold_people')
    .values(
      [...new Set(employeeIds)].map((id) => ({
        investigation_id: investigationId,
        employee_id: id,
      })),
    )
    .onConflict((oc) => oc.columns(['investigation_id', 'employee_id']).doNothing())
    .execute();
}

/** Forgets whom a lifted hold kept. */
export async function clearHeldPeople(
  db: Kysely<Database>,
  investigationId: string,
): Promise<void> {
  await db
    .deleteFrom('legal_hold_people')
    .where('investigation_id', '=', investigationId)
    .execute();
}
