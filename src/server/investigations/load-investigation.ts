import type { Kysely } from 'kysely';

import type { Investigation } from '../../shared/schemas/investigations';
import type { Viewer } from '../auth/viewer';
import { findVisibleInvestigation, membersOf } from '../db/queries/investigations';
import type { Database } from '../db/schema';
import { notFound } from '../http-problem';
import { presentInvestigation } from '../presenters/investigation';
import { visibilityOf } from './visibility';

/** The brief's message for an investigation that does not exist or that the caller may not see. */
export function investigationNotFound(id: string) {
  return notFound(`Investigation report ${id} not found`);
}

/** Loads an investigation the viewer may see, or throws the brief's 404. */
export async function loadInvestigation(
  db: Kysely<Database>,
  id: string,
  viewer: Viewer,
): Promise<Investigation> {
  const row = await findVisibleInvestigation(db, id, visibilityOf(viewer));
  if (!row) throw investigationNotFound(id);
  return presentInvestigation(row, await membersOf(db, [id]));
}
