import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import type { RollupBuild } from './rollups';
import type { FindingsWindow } from './window-facts';
import { dailyFacts } from './window-facts';

/** Events of a range with one category, activity, (inferred) label and destination; '' for none. */
export interface RangeGroup {
  category: string;
  activity: string;
  label: string;
  /** Where the data went (usb, personal_email, …): '' when the events name no destination. */
  destination: string;
  /** The process or repository, when asked for (rangeItemGroups). */
  item?: string;
  n: number;
}

/**
 * The subject's events over a range by category, activity, label and destination, from the
 * daily rollup: the timeline's total and its activity and label facets in one read (sums only,
 * which keeps it to a pass over the range's rollup rows).
 */
export async function rangeGroups(
  db: Kysely<Database>,
  build: RollupBuild,
  range: FindingsWindow,
): Promise<RangeGroup[]> {
  const { rows } = await sql<{
    category: string;
    activity: string;
    label: string | null;
    destination: string | null;
    n: number | string;
  }>`
    select f.category, f.activity, f.label, f.destination, sum(f.n) as n
    from ${dailyFacts(build, range)} f
    group by f.category, f.activity, f.label, f.destination`.execute(db);
  return rows.map((row) => ({
    category: row.category,
    activity: row.activity,
    label: row.label ?? '',
    destination: row.destination ?? '',
    n: Number(row.n),
  }));
}

/** As rangeGroups, of some activities only, by process or repository too (the rollup's item). */
export async function rangeItemGroups(
  db: Kysely<Database>,
  build: RollupBuild,
  range: FindingsWindow,
  activities: readonly string[],
): Promise<RangeGroup[]> {
  const only = activities.length ? sql`where f.activity in (${sql.join([...activities])})` : sql``;
  const { rows } = await sql<{
    category: string;
    activity: string;
    label: string | null;
    destination: string | null;
    item: string | null;
    n: number | string;
  }>`
    select f.category, f.activity, f.label, f.destination, f.item, sum(f.n) as n
    from ${dailyFacts(build, range)} f ${only}
    group by f.category, f.activity, f.label, f.destination, f.item`.execute(db);
  return rows.map((row) => ({
    category: row.category,
    activity: row.activity,
    label: row.label ?? '',
    destination: row.destination ?? '',
    item: row.item ?? '',
    n: Number(row.n),
  }));
}

/**
 * How many events of the subject in [from, to) each log source sent. No rollup keeps the
 * source, so this reads the events of the range (through the employee and time index).
 */
export async function sourceCounts(
  db: Kysely<Database>,
  employeeId: string,
  from: number,
  to: number,
): Promise<Array<{ value: string; count: number }>> {
  const { rows } = await sql<{ source: string; n: number | string }>`
    select source, count(*) as n from events
    where employee_id = ${employeeId} and time >= ${from} and time < ${to}
    group by source`.execute(db);
  return rows.map((row) => ({ value: row.source, count: Number(row.n) }));
}
