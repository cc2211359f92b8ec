import type { Kysely } from 'kysely';

import type { CaseTemplate } from '../../../shared/schemas/templates';
import { findTemplate } from '../../db/queries/case-templates';
import type { Database } from '../../db/schema';
import { invalid } from '../../domain-error';
import { presentTemplate } from './present-template';

/**
 * The template a new investigation is opened from: its type, window and steps become the
 * case's. An unknown id is a mistake in the request (400), not a missing resource.
 */
export async function templateForNewCase(
  db: Kysely<Database>,
  templateId: string,
): Promise<CaseTemplate> {
  const row = await findTemplate(db, templateId);
  if (!row) throw invalid('There is no template with that id.', 'templateId');
  return presentTemplate(row);
}
