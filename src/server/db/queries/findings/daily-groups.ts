import { sql } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from '../../schema';
import type { RollupBuild } from './rollups';
import type { FindingsWindow } from './window-facts';
import { contactFacts, dailyFacts, halfhourFacts } from './window-facts';

/** A dimension of the daily rollup. */
export type DailyDim =
  'day' | 'category' | 'activity' | 'app' | 'label' | 'destination' | 'item' | 'outcome';

/** Which daily rollup rows to aggregate. */
export interface DailyFilter {
  categories?: readonly string[];
  activities?: readonly string[];
  /** Only rows with a destination (data that left where it was). */
  withDestination?: boolean;
  /** Only rows with one of these destinations. */
  destinations?: readonly string[];
  /**
   * Also the rows of these activities that have a destination, whatever their category and
   * activity filters say: the mails and chat shares that carried a file out.
   */
  alsoLeaving?: readonly string[];
  /** Only rows of these labels ('' for files without one), whatever else matches. */
  labels?: readonly string[];
}

/** One group of the daily rollup: its dimensions ('' for none) and its sums. */
export type DailyGroup = Partial<Record<Exclude<DailyDim, 'day'>, string>> & {
  day?: number;
  n: number;
  bytes: number;
  offHours: number;
  firstTime: number;
  lastTime: number;
  /** Distinct UTC days the group has events on. */
  days: number;
};

/**
 * Sums the subject's daily rollup over a window, grouped by the given dimensions: the one
 * query most findings are made of (a few thousand rollup rows, not a million events).
 */
export async function dailyGroups(
  db: Kysely<Database>,
  build: RollupBuild,
  window: FindingsWindow,
  dims: readonly DailyDim[],
  filter: DailyFilter = {},
): Promise<DailyGroup[]> {
  const columns = dims.map((dim) => sql`f.${sql.ref(dim)}`);
  const select = columns.length ? sql`${sql.join(columns)}, ` : sql``;
  const group = columns.length ? sql`group by ${sql.join(columns)}` : sql``;
  // A group of one day spans one day: counting them would make both engines sort every row.
  const days = dims.includes('day') ? sql`1` : sql`count(distinct f.day)`;
  const { rows } = await sql<Record<string, unknown>>`
    select ${select}sum(f.n) as n, sum(f.bytes) as bytes, sum(f.off_hours) as off_hours,
      min(f.first_time) as first_time, max(f.last_time) as last_time, ${days} as days
    from ${dailyFacts(build, window)} f
    where ${dailyConditions(filter)}
    ${group}`.execute(db);
  return rows
    .filter((row) => row.n !== null)
    .map((row) => {
      const group: DailyGroup = {
        n: Number(row.n),
        bytes: Number(row.bytes ?? 0),
        offHours: Number(row.off_hours ?? 0),
        firstTime: Number(row.first_time),
        lastTime: Number(row.last_time),
        days: Number(row.days),
      };
      for (const dim of dims) {
        if (dim === 'day') group.day = Number(row.day);
        else group[dim] = (row[dim] as string | null) ?? '';
      }
      return group;
    });
}

/**
 * When each value of one dimension was first seen over a window: what tells a new app or
 * repository from an old one. The window usually reaches back to the subject's first event,
 * so this asks for nothing else (no sums, no distinct days) to stay cheap.
 */
export async function firstSeenBy(
  db: Kysely<Database>,
  build: RollupBuild,
  window: FindingsWindow,
  dim: Exclude<DailyDim, 'day'>,
  filter: DailyFilter = {},
): Promise<Map<string, number>> {
  const column = sql`f.${sql.ref(dim)}`;
  const { rows } = await sql<{ value: string | null; first: number }>`
    select ${column} as value, min(f.first_time) as first
    from ${dailyFacts(build, window)} f
    where ${dailyConditions(filter)}
    group by ${column}`.execute(db);
  return new Map(rows.map((row) => [row.value ?? '', Number(row.first)]));
}

/** Per UTC day, how many distinct values of a dimension there were, and how many of them were in `among`. */
export interface DistinctPerDay {
  day: number;
  distinct: number;
  among: number;
}

/**
 * Counts, per day of a window, the distinct values of one dimension (repositories cloned that
 * day, say) and how many of those are in `among` (the new ones): a row per day, where listing
 * every value of every day would hand thousands of rows to JavaScript.
 */
export async function distinctPerDay(
  db: Kysely<Database>,
  build: RollupBuild,
  window: FindingsWindow,
  dim: Exclude<DailyDim, 'day'>,
  filter: DailyFilter,
  among: readonly string[],
): Promise<DistinctPerDay[]> {
  const column = sql`f.${sql.ref(dim)}`;
  const inAmong = among.length ? sql`${column} in (${sql.join([...among])})` : sql`1 = 0`;
  const { rows } = await sql<{ day: number; distinct: number; among: number }>`
    select f.day, count(distinct ${column}) as ${sql.id('distinct')},
      count(distinct case when ${inAmong} then ${column} end) as among
    from ${dailyFacts(build, window)} f
    where ${dailyConditions(filter)}
    group by f.day`.execute(db);
  return rows.map((row) => ({
    day: Number(row.day),
    distinct: Number(row.distinct),
    among: Number(row.among),
  }));
}

function dailyConditions(filter: DailyFilter) {
  const conditions = [sql`1 = 1`];
  if (filter.categories?.length)
    conditions.push(sql`f.category in (${sql.join([...filter.categories])})`);
  if (filter.activities?.length)
    conditions.push(sql`f.activity in (${sql.join([...filter.activities])})`);
  if (filter.withDestination) conditions.push(sql`f.destination <> ''`);
  if (filter.destinations?.length)
    conditions.push(sql`f.destination in (${sql.join([...filter.destinations])})`);
  const matches = sql.join(conditions, sql` and `);
  const chosen = filter.alsoLeaving?.length
    ? sql`((${matches}) or (f.activity in (${sql.join([...filter.alsoLeaving])}) and f.destination <> ''))`
    : matches;
  if (!filter.labels) return chosen;
  if (filter.labels.length === 0) return sql`1 = 0`;
  return sql`(${chosen}) and coalesce(f.label, '') in (${sql.join([...filter.labels])})`;
}

/** The subject's events per UTC half hour over a window (bucket start, count). */
export async function halfhourCounts(
  db: Kysely<Database>,
  build: RollupBuild,
  window: FindingsWindow,
): Promise<Array<{ bucket: number; n: number }>> {
  const { rows } = await sql<{ bucket: number; n: number }>`
    select f.bucket, sum(f.n) as n from ${halfhourFacts(build, window)} f group by f.bucket order by f.bucket`.execute(
    db,
  );
  return rows.map((row) => ({ bucket: Number(row.bucket), n: Number(row.n) }));
}

/** Who the employee wrote to, shared with or talked in over a window, busiest first. */
export async function contactGroups(
  db: Kysely<Database>,
  build: RollupBuild,
  window: FindingsWindow,
  limit: number,
): Promise<
  Array<{
    counterpart: string;
    kind: string;
    external: boolean;
    n: number;
    first: number;
    last: number;
  }>
> {
  const { rows } = await sql<{
    counterpart: string;
    kind: string;
    external: number;
    n: number;
    first: number;
    last: number;
  }>`
    select f.counterpart, f.kind, max(f.external) as external, sum(f.n) as n, min(f.first_time) as first, max(f.last_time) as last
    from ${contactFacts(build, window)} f
    group by f.counterpart, f.kind
    order by 4 desc, 1 limit ${limit}`.execute(db);
  return rows.map((r) => ({
    counterpart: r.counterpart,
    kind: r.kind,
    external: Number(r.external) === 1,
    n: Number(r.n),
    first: Number(r.first),
    last: Number(r.last),
  }));
}

/**
 * The UTC days (day numbers) of a window on which the employee wrote to, shared with or posted
 * in one of these contacts (kind and counterpart, as contactGroups names them).
 */
export async function contactDays(
  db: Kysely<Database>,
  build: RollupBuild,
  window: FindingsWindow,
  contacts: ReadonlyArray<{ kind: string; counterpart: string }>,
): Promise<number[]> {
  if (contacts.length === 0) return [];
  const pairs = contacts.map((c) => sql`(f.kind = ${c.kind} and f.counterpart = ${c.counterpart})`);
  const { rows } = await sql<{ day: number }>`
    select distinct f.day from ${contactFacts(build, window)} f
    where ${sql.join(pairs, sql` or `)} order by 1`.execute(db);
  return rows.map((row) => Number(row.day));
}
