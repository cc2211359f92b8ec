import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';

import type { Dialect } from '../../db/dialect';
import { offHoursSql } from '../../db/queries/findings/sql-parts';
import type { WorkClock } from '../../db/queries/findings/sql-parts';
import { MAX_MATCHED_CHARS } from '../../db/sql-functions';
import { resolveField } from './fields';
import type { ResolvedField } from './fields';
import type { Condition, ConfigListName, Filter, ListValue, RegexOperand } from './filter-types';
import { postgresRegex, re2Regex } from './regex-subset';

/*
 * Rules become SQL here rather than in db/queries: the SQL is not written by hand but derived
 * from rule files, and the interpreter needs the same filter in several statements (bursts,
 * peers, timelines). Everything a rule supplies reaches the database as a bound parameter,
 * except field names (checked against a fixed list) and attribute keys (checked by pattern).
 */

/** What compiling a filter needs besides the filter: the engine and the configuration lists. */
export interface FilterContext {
  dialect: Dialect;
  lists: Readonly<Record<ConfigListName, readonly string[]>>;
  /**
   * The person's clock, for `off_hours`: their zone's offsets over the run's span and their
   * declared hours (or the configuration's): see localClock. Without it, hours are read in
   * UTC, 9 to 17.
   */
  hours?: WorkClock;
  /**
   * Several people's clocks at once (detection counts a batch of people in one statement):
   * `key` is an integer expression of the row naming its person's clock in `clocks`. Takes
   * the place of `hours`.
   */
  clocks?: { key: RawBuilder<unknown>; clocks: readonly WorkClock[] };
  /**
   * On SQLite, the key of the deadline (db/sql-functions.ts) past which regular expressions stop
   * the statement; PostgreSQL's runs use a statement timeout instead.
   */
  matchDeadline?: string;
}

/**
 * Whether an event falls outside the person's working hours or on a weekend, on their clock at
 * that moment (daylight saving included), 1 or 0. Without a clock, hours are read in UTC, 9 to 17.
 */
function offHoursOf(alias: string, context: FilterContext): RawBuilder<unknown> {
  if (context.clocks) {
    const { key, clocks } = context.clocks;
    const each = clocks.map(
      (clock, i) => sql`when ${sql.lit(i)} then ${offHoursSql(`${alias}.time`, clock)}`,
    );
    return sql`(case ${key} ${sql.join(each, sql` `)} end)`;
  }
  const hours = context.hours;
  return offHoursSql(
    `${alias}.time`,
    hours ?? {
      offsets: [{ from: Number.NEGATIVE_INFINITY, offsetMs: 0 }],
      startHour: 9,
      endHour: 17,
    },
  );
}

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

function escapeLike(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

function fieldSql(
  field: ResolvedField,
  alias: string,
  context: FilterContext,
): RawBuilder<unknown> {
  if ('column' in field && field.column === 'off_hours') return offHoursOf(alias, context);
  if ('column' in field) return sql.ref(`${alias}.${field.column}`);
  const column = sql.ref(`${alias}.attributes`);
  return context.dialect === 'postgres'
    ? sql`(${column} ->> ${sql.lit(field.attribute)})`
    : sql`json_extract(${column}, ${sql.lit(`$.${field.attribute}`)})`;
}

function listOf(value: ListValue, context: FilterContext): ReadonlyArray<string | number> {
  return Array.isArray(value) ? value : context.lists[value.config];
}

function orAll(parts: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return parts.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * Case-insensitive LIKE against several patterns. SQLite's LIKE already ignores ASCII case; on
 * PostgreSQL `lower(x) like any (array[...])` lowers the text once for all the patterns, where
 * one ILIKE per pattern costs several times more on long script blocks.
 */
function likeAny(
  target: RawBuilder<unknown>,
  needles: readonly string[],
  pattern: (needle: string) => string,
  dialect: Dialect,
): RawBuilder<SqlBool> {
  const patterns = needles.map((needle) => pattern(escapeLike(needle)));
  if (dialect === 'postgres') {
    return sql<SqlBool>`lower(${target}) like any (array[${sql.join(patterns)}]::text[])`;
  }
  return orAll(patterns.map((p) => sql<SqlBool>`${target} like ${p} escape '\\'`));
}

function hasAnyOf(
  target: RawBuilder<unknown>,
  values: ReadonlyArray<string | number>,
  dialect: Dialect,
): RawBuilder<SqlBool> {
  if (values.length === 0) return FALSE;
  const wanted = sql.join(values.map((value) => String(value).toLowerCase()));
  return dialect === 'postgres'
    ? sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(${target}) as j(v) where lower(j.v) in (${wanted}))`
    : sql<SqlBool>`exists (select 1 from json_each(${target}) as j where lower(j.value) in (${wanted}))`;
}

/**
 * A regular expression over the value's first MAX_MATCHED_CHARS characters: the equivalent RE2
 * pattern through vigil_matches on SQLite (db/sql-functions.ts, with the run's deadline), the
 * equivalent ARE with `~` or `~*` on PostgreSQL (regex-subset.ts rewrites what differs).
 */
function matches(
  target: RawBuilder<unknown>,
  operand: RegexOperand,
  context: FilterContext,
): RawBuilder<SqlBool> {
  const flags = operand.flags ?? '';
  if (context.dialect === 'sqlite') {
    const re2 = re2Regex(operand.pattern, flags);
    const options = re2.caseInsensitive ? 'i' : '';
    return sql<SqlBool>`vigil_matches(${target}, ${re2.pattern}, ${options}, ${context.matchDeadline ?? ''})`;
  }
  const { pattern, caseInsensitive } = postgresRegex(operand.pattern, flags);
  const text = sql`substr(${target}, 1, ${sql.lit(MAX_MATCHED_CHARS)})`;
  return caseInsensitive ? sql<SqlBool>`${text} ~* ${pattern}` : sql<SqlBool>`${text} ~ ${pattern}`;
}

/** Any of the networks, through vigil_in_cidr (SQLite: sql-functions.ts, PostgreSQL: migration 0016). */
function inNetworks(target: RawBuilder<unknown>, networks: readonly string[]): RawBuilder<SqlBool> {
  return orAll(networks.map((network) => sql<SqlBool>`vigil_in_cidr(${target}, ${network})`));
}

function scalar(value: string | number | boolean): string | number {
  return typeof value === 'boolean' ? Number(value) : value;
}

function compileCondition(
  condition: Condition,
  alias: string,
  context: FilterContext,
): RawBuilder<SqlBool> {
  const field = resolveField(condition.field);
  if (!field) throw new Error(`Unknown field "${condition.field}" (the rule was not validated).`);
  const target = fieldSql(field, alias, context);
  if (condition.eq !== undefined) return sql<SqlBool>`${target} = ${scalar(condition.eq)}`;
  if (condition.ne !== undefined)
    return sql<SqlBool>`(${target} is null or ${target} <> ${scalar(condition.ne)})`;
  if (condition.in !== undefined) {
    const values = listOf(condition.in, context);
    return values.length === 0 ? FALSE : sql<SqlBool>`${target} in (${sql.join([...values])})`;
  }
  if (condition.notIn !== undefined) {
    const values = listOf(condition.notIn, context);
    return values.length === 0
      ? TRUE
      : sql<SqlBool>`(${target} is null or ${target} not in (${sql.join([...values])}))`;
  }
  if (condition.gt !== undefined) return sql<SqlBool>`${target} > ${condition.gt}`;
  if (condition.gte !== undefined) return sql<SqlBool>`${target} >= ${condition.gte}`;
  if (condition.lt !== undefined) return sql<SqlBool>`${target} < ${condition.lt}`;
  if (condition.lte !== undefined) return sql<SqlBool>`${target} <= ${condition.lte}`;
  if (condition.isNull !== undefined)
    return condition.isNull ? sql<SqlBool>`${target} is null` : sql<SqlBool>`${target} is not null`;
  if (condition.containsAny)
    return likeAny(target, condition.containsAny, (n) => `%${n}%`, context.dialect);
  if (condition.startsWithAny)
    return likeAny(target, condition.startsWithAny, (n) => `${n}%`, context.dialect);
  if (condition.endsWithAny)
    return likeAny(target, condition.endsWithAny, (n) => `%${n}`, context.dialect);
  if (condition.equalsAny) return likeAny(target, condition.equalsAny, (n) => n, context.dialect);
  if (condition.matches) return matches(target, condition.matches, context);
  if (condition.cidr) return inNetworks(target, condition.cidr);
  if (condition.hasAnyOf !== undefined)
    return hasAnyOf(target, listOf(condition.hasAnyOf, context), context.dialect);
  throw new Error(`The condition on ${condition.field} has no operator.`);
}

/** A rule filter as a SQL boolean over the events table aliased `alias`. */
export function compileFilter(
  filter: Filter,
  alias: string,
  context: FilterContext,
): RawBuilder<SqlBool> {
  if ('all' in filter)
    return sql<SqlBool>`(${sql.join(
      filter.all.map((f) => compileFilter(f, alias, context)),
      sql` and `,
    )})`;
  if ('any' in filter) return orAll(filter.any.map((f) => compileFilter(f, alias, context)));
  if ('not' in filter) return sql<SqlBool>`not (${compileFilter(filter.not, alias, context)})`;
  return compileCondition(filter, alias, context);
}
