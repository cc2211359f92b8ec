import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

import { containsPattern } from '../../dialect';
import type { Dialect } from '../../dialect';
import type { OffsetInterval, WorkingHours } from '../../../../shared/time/local-time';

/**
 * SQL fragments the finding queries share, including the few places where SQLite and
 * PostgreSQL differ (JSON arrays, JSON as text, index hints).
 */

/** Milliseconds in a day and in a half hour, the rollups' grains. */
export const DAY_MS = 86_400_000;
export const HALF_HOUR_MS = 1_800_000;

/** The subject's clock: time zone offsets and working hours (shared/time/local-time.ts). */
export interface WorkClock extends WorkingHours {
  offsets: readonly OffsetInterval[];
}

/** `time` in the subject's local clock, as epoch ms shifted by the zone offset. */
export function localTimeSql(
  column: string,
  offsets: readonly OffsetInterval[],
): RawBuilder<number> {
  const ref = sql.ref(column);
  const [first, ...rest] = offsets;
  if (!first) return sql<number>`${ref}`;
  if (rest.length === 0) return sql<number>`(${ref} + ${sql.lit(first.offsetMs)})`;
  const whens = rest.map(
    (interval, i) =>
      sql`when ${ref} < ${sql.lit(interval.from)} then ${sql.lit((offsets[i] ?? first).offsetMs)}`,
  );
  const last = rest[rest.length - 1] ?? first;
  return sql<number>`(${ref} + case ${sql.join(whens, sql` `)} else ${sql.lit(last.offsetMs)} end)`;
}

/**
 * 1 when the event falls outside the subject's working hours (a weekend, or before the start
 * or after the end hour in their own zone), else 0. Day 0 of the epoch was a Thursday.
 */
export function offHoursSql(column: string, clock: WorkClock): RawBuilder<number> {
  const local = localTimeSql(column, clock.offsets);
  const hour = sql`((${local} % ${sql.lit(DAY_MS)}) / 3600000)`;
  const weekday = sql`(((${local} / ${sql.lit(DAY_MS)}) + 4) % 7)`;
  const { startHour: start, endHour: end } = clock;
  const working =
    start < end
      ? sql`${hour} >= ${sql.lit(start)} and ${hour} < ${sql.lit(end)}`
      : sql`(${hour} >= ${sql.lit(start)} or ${hour} < ${sql.lit(end)})`;
  return sql<number>`case when ${weekday} in (0, 6) then 1 when ${working} then 0 else 1 end`;
}

/** A JSON column as text, for substring searches. */
export function jsonText(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`coalesce(${sql.ref(column)}::text, '')`
    : sql<string>`coalesce(${sql.ref(column)}, '')`;
}

/** The FROM item that turns a JSON array column into rows of one text column `value`. */
export function jsonArrayRows(
  dialect: Dialect,
  column: string,
  alias: string,
): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`lateral jsonb_array_elements_text(${sql.ref(column)}) as ${sql.id(alias)}(value)`
    : sql`json_each(${sql.ref(column)}) as ${sql.id(alias)}`;
}

/**
 * LEFT JOIN of an event's attachment names (`attributes.attachments`, written by mail parsers):
 * one row per named attachment, or one row with a null `value` for an event without names.
 */
export function attachmentRows(
  dialect: Dialect,
  event: string,
  alias: string,
): RawBuilder<unknown> {
  const attributes = sql.ref(`${event}.attributes`);
  return dialect === 'postgres'
    ? sql`left join lateral jsonb_array_elements_text(${attributes} -> 'attachments') as ${sql.id(alias)}(value) on true`
    : sql`left join json_each(${attributes}, '$.attachments') as ${sql.id(alias)}`;
}

/** True when the event's `attributes.attachments` names the file, case aside (`name` is lower-case). */
export function hasAttachment(dialect: Dialect, event: string, name: string): RawBuilder<boolean> {
  const attributes = sql.ref(`${event}.attributes`);
  return dialect === 'postgres'
    ? sql<boolean>`exists (select 1 from jsonb_array_elements_text(coalesce(${attributes} -> 'attachments', '[]'::jsonb)) as a(value) where lower(a.value) = ${name})`
    : sql<boolean>`exists (select 1 from json_each(${attributes}, '$.attachments') where lower(value) = ${name})`;
}

/**
 * `column = value` without using an index on the column: SQLite otherwise prefers the
 * employee index over a rowid range that holds only the newest events.
 */
export function equalsWithoutIndex(
  dialect: Dialect,
  column: string,
  value: string,
): RawBuilder<boolean> {
  return dialect === 'sqlite'
    ? sql<boolean>`+${sql.ref(column)} = ${value}`
    : sql<boolean>`${sql.ref(column)} = ${value}`;
}

/** `text` contains any of the needles (lower-case), or false for none. */
export function containsAny(
  text: RawBuilder<string>,
  needles: readonly string[],
): RawBuilder<boolean> {
  if (needles.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(
    needles.map((needle) => sql`${text} like ${containsPattern(needle.toLowerCase())} escape '\\'`),
    sql` or `,
  )})`;
}

/** An email address belongs to one of the company's domains (or their subdomains). */
export function internalAddressSql(
  value: RawBuilder<string>,
  companyDomains: readonly string[],
): RawBuilder<boolean> {
  if (companyDomains.length === 0) return sql<boolean>`1 = 0`;
  const tests = companyDomains.flatMap((domain) => [
    sql`lower(${value}) like ${`%@${domain.replace(/[\\%_]/g, (c) => `\\${c}`)}`} escape '\\'`,
    sql`lower(${value}) like ${`%.${domain.replace(/[\\%_]/g, (c) => `\\${c}`)}`} escape '\\'`,
  ]);
  return sql<boolean>`(${sql.join(tests, sql` or `)})`;
}

/** A number inside a JSON object column (null when absent). */
export function jsonNumber(
  dialect: Dialect,
  column: string,
  key: string,
): RawBuilder<number | null> {
  return dialect === 'postgres'
    ? sql<number | null>`(${sql.ref(column)}->>${key})::numeric`
    : sql<number | null>`cast(json_extract(${sql.ref(column)}, ${`$.${key}`}) as integer)`;
}

/**
 * The event time as an expression SQLite cannot use an index for. Queries about a few
 * activities of a subject write their time range and order with it, so that SQLite walks the
 * (employee, activity, time) index instead of every event of the subject in time order.
 * PostgreSQL chooses well from its statistics and gets the plain column.
 */
export function activityTime(dialect: Dialect, column = 'time'): RawBuilder<number> {
  return dialect === 'sqlite' ? sql<number>`+${sql.ref(column)}` : sql<number>`${sql.ref(column)}`;
}

/** What narrows a subject's events besides the person: a time range, categories, activities. */
export interface SubjectSlice {
  from?: number;
  to?: number;
  categories?: readonly string[];
  activities?: readonly string[];
}

/**
 * The subject's events (in [from, to), of the categories or activities given) as a condition
 * on the events aliased `alias`. On SQLite the ids come from an index alone and the rows are
 * then read in id order, the order they lie in the file: read in the order of the (employee,
 * ..., time) index instead, nearly every row is on another page than the one before, and a
 * subject's million rows of a 500 MB file (64 MB page cache) cost 3-4 µs each in page misses.
 * PostgreSQL reads a table in its own order and gets the plain conditions.
 */
export function subjectRows(
  dialect: Dialect,
  alias: string,
  employeeId: string,
  slice: SubjectSlice = {},
): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(dialect === 'sqlite' ? name : `${alias}.${name}`);
  const tests = [sql`${column('employee_id')} = ${employeeId}`];
  if (slice.categories) tests.push(sql`${column('category')} in (${sql.join(slice.categories)})`);
  if (slice.activities) tests.push(sql`${column('activity')} in (${sql.join(slice.activities)})`);
  if (slice.from !== undefined) tests.push(sql`${column('time')} >= ${slice.from}`);
  if (slice.to !== undefined) tests.push(sql`${column('time')} < ${slice.to}`);
  const all = sql.join(tests, sql` and `);
  return dialect === 'sqlite'
    ? sql<boolean>`${sql.ref(`${alias}.id`)} in (select id from events where ${all})`
    : sql<boolean>`(${all})`;
}

/**
 * Ends a derived table whose column the outer query tests several times (a text against each
 * needle): neither engine may then merge the derived table into the outer query, where the
 * column's expression would be computed again for every test (a row's text six times over
 * for six needles, forty for the command patterns).
 */
export function computedOnce(dialect: Dialect): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`limit -1` : sql`offset 0`;
}
