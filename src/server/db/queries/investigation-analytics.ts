import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../schema';
import { visibleTo } from './investigations';
import type { Visibility } from './investigations';

const DAY_MS = 86_400_000;

function visible(db: Kysely<Database>, visibility: Visibility) {
  return db.selectFrom('investigations as i').where(visibleTo(visibility));
}

export interface CountFilter {
  activeOnly?: boolean;
  riskLevels?: string[];
  createdFrom?: number;
}

/** How many visible investigations match. */
export async function countInvestigations(
  db: Kysely<Database>,
  visibility: Visibility,
  filter: CountFilter = {},
): Promise<number> {
  let query = visible(db, visibility);
  if (filter.activeOnly) query = query.where('i.status', '!=', 'closed');
  if (filter.riskLevels) query = query.where('i.risk_level', 'in', filter.riskLevels);
  if (filter.createdFrom !== undefined)
    query = query.where('i.created_at', '>=', filter.createdFrom);
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts of visible investigations grouped by a column (risk level or type). */
export async function countBy(
  db: Kysely<Database>,
  visibility: Visibility,
  column: 'risk_level' | 'type',
): Promise<Map<string, number>> {
  const rows = await visible(db, visibility)
    .select([`i.${column} as key`, (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(`i.${column}`)
    .execute();
  return new Map(rows.map((row) => [String(row.key), Number(row.n)]));
}

/**
 * Investigations opened (or closed) per local day since `from`, keyed by day index
 * (days since the epoch in the caller's zone, shifted by `offsetMs`).
 */
export async function countPerDay(
  db: Kysely<Database>,
  visibility: Visibility,
  column: 'created_at' | 'closed_at',
  from: number,
  offsetMs: number,
): Promise<Map<number, number>> {
  // Literals, not parameters: SQLite would bind a parameter as REAL and divide without truncating.
  const day = sql<number>`cast((${sql.ref(`i.${column}`)} + ${sql.lit(Math.trunc(offsetMs))}) / ${sql.lit(DAY_MS)} as integer)`;
  const rows = await visible(db, visibility)
    .where(`i.${column}`, '>=', from)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [Math.floor(Number(row.day)), Number(row.n)]));
}
