import { sql } from 'kysely';
import type { Insertable, Kysely, Updateable } from 'kysely';

import type { CaseTemplatesTable, Database } from '../schema';

/** A template row with the name and email of who last changed it. */
export type StoredTemplate = CaseTemplatesTable & {
  updater_email: string | null;
  updater_name: string | null;
};

function templateQuery(db: Kysely<Database>) {
  return db
    .selectFrom('case_templates as t')
    .leftJoin('users as u', 'u.id', 't.updated_by')
    .selectAll('t')
    .select(['u.email as updater_email', 'u.display_name as updater_name']);
}

/** Every template, by name. */
export async function listTemplates(db: Kysely<Database>): Promise<StoredTemplate[]> {
  return await templateQuery(db).orderBy('t.name').orderBy('t.id').execute();
}

/** One template, or undefined. */
export async function findTemplate(
  db: Kysely<Database>,
  id: string,
): Promise<StoredTemplate | undefined> {
  return await templateQuery(db).where('t.id', '=', id).executeTakeFirst();
}

/** The id of a template with this name, compared without regard to case, other than `exceptId`. */
export async function templateNamed(
  db: Kysely<Database>,
  name: string,
  exceptId: string | null = null,
): Promise<string | undefined> {
  let query = db
    .selectFrom('case_templates')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst())?.id;
}

export async function insertTemplate(
  db: Kysely<Database>,
  row: Insertable<CaseTemplatesTable>,
): Promise<void> {
  await db.insertInto('case_templates').values(row).execute();
}

/**
 * Inserts a template unless one with its id or name exists (a shipped template at start-up:
 * an admin's edits are kept, and two processes starting at once insert it once).
 */
export async function insertTemplateIfMissing(
  db: Kysely<Database>,
  row: Insertable<CaseTemplatesTable>,
): Promise<boolean> {
  if (await templateNamed(db, row.name)) return false;
  const result = await db
    .insertInto('case_templates')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateTemplateRow(
  db: Kysely<Database>,
  id: string,
  changes: Updateable<CaseTemplatesTable>,
): Promise<void> {
  await db.updateTable('case_templates').set(changes).where('id', '=', id).execute();
}

export async function deleteTemplateRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('case_templates').where('id', '=', id).execute();
}
