import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** A note with its author's name and address, for the reply and the report. */
export interface CaseNoteRow {
  id: string;
  investigation_id: string;
  body: string;
  amends_note_id: string | null;
  created_by: string;
  created_at: number;
  author_email: string | null;
  author_name: string | null;
}

function noteQuery(db: Kysely<Database>) {
  return db
    .selectFrom('case_notes as n')
    .leftJoin('users as u', 'u.id', 'n.created_by')
    .selectAll('n')
    .select(['u.email as author_email', 'u.display_name as author_name']);
}

/** A case's notes, oldest first (as a case file reads); the report prints them in this order. */
export async function listCaseNotes(
  db: Kysely<Database>,
  investigationId: string,
): Promise<CaseNoteRow[]> {
  const rows = await noteQuery(db)
    .where('n.investigation_id', '=', investigationId)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

/** The notes of a case among these ids (the history joins its note lines to them). */
export async function findCaseNotes(
  db: Kysely<Database>,
  investigationId: string,
  ids: readonly string[],
): Promise<CaseNoteRow[]> {
  if (ids.length === 0) return [];
  const rows = await noteQuery(db)
    .where('n.investigation_id', '=', investigationId)
    .where('n.id', 'in', [...ids])
    .execute();
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}

/** Appends a note. There is no update or delete: the table refuses updates. */
export async function insertCaseNote(
  db: Kysely<Database>,
  note: {
    id: string;
    investigationId: string;
    body: string;
    amends: string | null;
    createdBy: string;
    createdAt: number;
  },
): Promise<void> {
  await db
    .insertInto('case_notes')
    .values({
      id: note.id,
      investigation_id: note.investigationId,
      body: note.body,
      amends_note_id: note.amends,
      created_by: note.createdBy,
      created_at: note.createdAt,
    })
    .execute();
}
