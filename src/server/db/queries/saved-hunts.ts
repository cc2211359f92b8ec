import type { Kysely, Selectable } from 'kysely';

import type { Database } from '../schema';
import type { SavedHuntsTable } from '../tables/hunting';

export type SavedHuntRow = Selectable<SavedHuntsTable>;

const normalize = (row: SavedHuntRow): SavedHuntRow => ({
  ...row,
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});

/** The searches a user sees: their own and everyone's shared ones, by name. */
export async function listSavedHunts(
  db: Kysely<Database>,
  userId: string,
): Promise<SavedHuntRow[]> {
  const rows = await db
    .selectFrom('saved_hunts')
    .selectAll()
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('visibility', '=', 'shared')]))
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(normalize);
}

/** One search the user sees, or undefined (another's private search is not there for them). */
export async function findSavedHunt(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<SavedHuntRow | undefined> {
  const row = await db
    .selectFrom('saved_hunts')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('visibility', '=', 'shared')]))
    .executeTakeFirst();
  return row && normalize(row);
}

export async function insertSavedHunt(db: Kysely<Database>, row: SavedHuntRow): Promise<void> {
  await db.insertInto('saved_hunts').values(row).execute();
}

export async function updateSavedHunt(
  db: Kysely<Database>,
  id: string,
  change: Partial<Omit<SavedHuntRow, 'id' | 'owner_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('saved_hunts').set(change).where('id', '=', id).execute();
}

export async function deleteSavedHunt(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('saved_hunts').where('id', '=', id).execute();
}
