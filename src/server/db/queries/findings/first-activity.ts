import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import type { RollupBuild } from './rollups';
import { dailyFacts } from './window-facts';

/**
 * When the employee's first logged activity before `end` happened, or null without any: where
 * their history (and so the baseline that tells new apps and repositories from old ones)
 * begins. HR lifecycle records are not activity: a hire dated years before the logs start
 * would otherwise end the baseline long before the first sign-in, and make everything new.
 * Read from the employee's daily rollup, which holds their whole history (and events only for
 * a partial last day): over events, "before `end`" has no lower bound, and PostgreSQL planned
 * every monthly partition back to the oldest hire (about 160 at 10M events) to find the first.
 */
export async function firstActivityBefore(
  db: Kysely<Database>,
  build: RollupBuild,
  end: number,
): Promise<number | null> {
  const { rows } = await sql<{ first: number | string | null }>`
    select min(f.first_time) as first from ${dailyFacts(build, { start: 0, end })} f
    where f.category <> 'hr'`.execute(db);
  const first = rows[0]?.first;
  return first === undefined || first === null ? null : Number(first);
}
