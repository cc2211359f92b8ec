import type { Kysely } from 'kysely';

import type { Configuration } from '../../../shared/schemas/configuration';
import type { DatabaseHandle } from '../../db/database';
import { getConfiguration } from '../../db/queries/configuration';
import type { Database } from '../../db/schema';
import type { FilterContext } from './compile-filter';

/** The configuration and what rule filters read of it (the lists a rule may name). */
export async function loadFilterContext(
  db: Kysely<Database>,
  dialect: DatabaseHandle['dialect'],
): Promise<{ context: FilterContext; config: Configuration }> {
  const config = await getConfiguration(db);
  return {
    config,
    context: {
      dialect,
      lists: {
        sensitiveLabels: config.sensitiveLabels,
        personalEmailDomains: config.personalEmailDomains,
        companyDomains: config.companyDomains,
        competitorDomains: config.competitors.flatMap((c) => c.domains),
      },
    },
  };
}
