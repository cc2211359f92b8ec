import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';

import { huntFieldOf } from '../../shared/hunt/fields';
import { foldCase } from '../db/fold-case';
import type { Dialect } from '../db/dialect';
import { invalid } from '../domain-error';
import type { HuntNode, HuntRange, HuntTerm } from './query-tree';
import { termsOf } from './query-tree';
import { timeBound } from './time-bound';
import { EVENT_FILE_LABEL } from '../db/queries/event-columns';
import {
  countedTrigramsOf,
  listValueIndexable,
  literalRuns,
  TEXT_INDEXED_COLUMNS,
  textIndexHolds,
} from '../db/queries/event-text-index';
import { HUNT_FIELD_COLUMNS } from './field-columns';

/** Columns whose values are lower-case identifiers already: compared as they are, by index. */
const LOWER_CASE_COLUMNS = new Set([
  'source',
  'category',
  'activity',
  'outcome',
  'file_destination',
]);

/**
 * The keyword columns indexed by their folded value and time, per engine: SQLite's of migration
 * 0038, PostgreSQL's of 0047. A whole-value term on one of them is written as that expression
 * (`vigil_fold(column) = value`) so the planner reads the index, which finds exactly the value's
 * events: the trigram index would only add work (PostgreSQL at 10M: a bitmap AND with the
 * trigram scan, 127 ms, where the b-tree alone reads a few pages). The lower-case columns give
 * the same events folded or not.
 */
const FOLDED_INDEXED: Record<Dialect, ReadonlySet<string>> = {
  sqlite: new Set(['category', 'activity', 'outcome', 'app', 'file_destination', 'repository']),
  postgres: new Set(['repository']),
};

/**
 * PostgreSQL: the list columns migration 0040 indexes by their folded elements
 * (`vigil_fold_list`, GIN). A whole-value term on one is written as that expression containing
 * the value, which the index answers exactly.
 */
const POSTGRES_LIST_INDEXED = new Set(['email_domains']);

/** What compiling needs besides the query: the engine, and whom a `person:` value names. */
export interface HuntCompileContext {
  dialect: Dialect;
  /** The employee ids a `person:` value names (a pseudonym, its code or an employee id). */
  peopleNamed: (value: string) => readonly string[];
  /**
   * SQLite: how many events hold each trigram the query may ask the index for (see
   * `huntTrigrams`), so that it asks for the rarest only. Without it, the index is asked for
   * trigrams spread over each value.
   */
  trigramEvents?: ReadonlyMap<string, number>;
  /**
   * The time range [from, to) the hunt reads, when known: a lookup the condition makes in
   * another statement of its own (`file.label`) reads only those events. The hunt's statements
   * bound the time themselves, so the events found are the same without it.
   */
  range?: { from: number; to: number };
}

/**
 * The context as compiling reads it. `textIndex` false: no term is narrowed by the trigram
 * index of migration 0037 (each keeps its own test alone), nor a label looked up (migration
 * 0043). `narrowed.byTextIndex` notes a term narrowed so that every event found must pass
 * (`required`: reached through AND alone, not under OR or NOT), so the lookup alone can find
 * every event of the hunt.
 */
interface Compiling extends HuntCompileContext {
  textIndex: boolean;
  required: boolean;
  narrowed: { byTextIndex: boolean };
  /**
   * Where the statement may read its events from rows a lookup gives instead of the events
   * table (`HuntConditions.events`): null when the caller reads `events` as it is.
   */
  rows: { events: RawBuilder<unknown> | null } | null;
}

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

/** A raw-record value as text: json_extract on SQLite, `#>>` on PostgreSQL; the path is a parameter. */
function rawValue(dialect: Dialect, field: string): RawBuilder<string | null> {
  const keys = field.split('.').slice(1);
  if (dialect === 'postgres') return sql<string | null>`(events.raw #>> ${keys}::text[])`;
  const path = `$${keys.map((k) => (/^\d+$/.test(k) ? `[${k}]` : `."${k}"`)).join('')}`;
  return sql<string | null>`cast(json_extract(events.raw, ${path}) as text)`;
}

/**
 * `value` matches a keyword term: the whole value ignoring case, or the wildcard pattern. The
 * pattern's text came escaped from the parser, so nothing of the query is read as SQL or as
 * LIKE syntax it did not write.
 */
function keyword(value: RawBuilder<unknown>, term: HuntTerm, folded = true): RawBuilder<SqlBool> {
  const subject = folded ? sql`vigil_fold(${value})` : value;
  if (!term.wildcard) return sql<SqlBool>`${subject} = ${foldCase(term.value)}`;
  return sql<SqlBool>`${subject} like ${foldCase(term.pattern)} escape '\\'`;
}

/** Words or a phrase found inside the value, ignoring case (wildcards may join its parts). */
function contains(value: RawBuilder<unknown>, term: HuntTerm): RawBuilder<SqlBool> {
  return sql<SqlBool>`vigil_fold(${value}) like ${`%${foldCase(term.pattern)}%`} escape '\\'`;
}

/** Any element of a JSON list column matches the term as a keyword. */
function listElement(dialect: Dialect, column: string, term: HuntTerm): RawBuilder<SqlBool> {
  const element = sql.ref('j.v');
  const source =
    dialect === 'postgres'
      ? sql`jsonb_array_elements_text(${sql.ref(`events.${column}`)}) as j(v)`
      : sql`(select value as v from json_each(${sql.ref(`events.${column}`)})) as j`;
  return sql<SqlBool>`exists (select 1 from ${source} where ${keyword(element, term)})`;
}

/**
 * PostgreSQL: a list column holds the whole value, through migration 0040's index of exactly
 * this expression. The same events as `listElement` (for a JSON array; anything else holds no
 * element), and never NULL.
 */
function listHolds(column: string, term: HuntTerm): RawBuilder<SqlBool> {
  const ref = sql.ref(`events.${column}`);
  return sql<SqlBool>`(${ref} is not null and vigil_fold_list(${ref}) @> array[${foldCase(term.value)}]::text[])`;
}

/** A term that never holds a NULL: `NOT field:x` keeps the events without the field. */
function present(value: RawBuilder<unknown>, test: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${value} is not null and ${test})`;
}

/**
 * `test`, narrowed first by the trigram index of the events' text (migration 0037) when the
 * term has letters to look up. The index finds a superset; `test` decides, so the events found
 * are the same either way.
 */
function indexed(
  context: Compiling,
  runs: readonly string[],
  test: RawBuilder<SqlBool>,
): RawBuilder<SqlBool> {
  if (!context.textIndex) return test;
  const narrowed = textIndexHolds(context.dialect, runs, context.trigramEvents);
  if (!narrowed) return test;
  if (context.required) context.narrowed.byTextIndex = true;
  return sql<SqlBool>`(${narrowed} and ${test})`;
}

/** What of a term's value the index can look up: its plain runs (a whole value when exact). */
const runsOf = (term: HuntTerm) =>
  term.wildcard || term.field === null || huntFieldOf(term.field)?.kind === 'text'
    ? literalRuns(foldCase(term.pattern))
    : [foldCase(term.value)];

/**
 * `file.label:X` on SQLite, where the hunt's page and count may look it up: the events whose
 * label as every screen shows it (EVENT_FILE_LABEL: the event's own, else the one its file
 * name carries in the person's other events) is X, as two index lookups (migration 0043): the
 * own label is X, or the event is one of those without a label whose (person, file name)
 * event_file_labels labels X (those pairs from migration 0053's index: without it and without
 * statistics, which the server never gathers, SQLite drove the join from the range's time
 * index, a probe of event_file_labels per event, 1.2-1.6 s of CPU for a month of 1M events). The same events as testing each event's inferred label, which
 * read every event of the range with a lookup for each unlabelled one (SQLite: 1.2 s of CPU
 * for a month of 1M events). Never NULL: ids never are. Elsewhere (under OR or NOT, a page
 * walking the time index) undefined: the label is tested event by event.
 * PostgreSQL (migration 0045's indexes) cannot read an OR with a subquery from indexes, nor a
 * list of ids (`= any`) but by a probe of each partition's key per id. The statement reads the
 * two halves as its events instead (`rows`, TRUE here; the planner puts the other terms into
 * each half): 1M events, 28,622 found, the count read 744 buffers against 133,000. A second
 * label term is one semi-join on (id, time) of the halves: each event found probed in its own
 * month's key (95,000 buffers there).
 */
function fileLabelLookup(term: HuntTerm, context: Compiling): RawBuilder<SqlBool> | undefined {
  if (!context.textIndex || !context.required) return undefined;
  const own = sql.ref('o.file_label');
  const label = sql.ref('fl.label');
  const within = (alias: string) =>
    context.range
      ? sql`and ${sql.raw(alias)}.time >= ${context.range.from} and ${sql.raw(alias)}.time < ${context.range.to}`
      : sql``;
  const inferred = sql`from event_file_labels fl
    join events u on u.employee_id = fl.employee_id and u.file_name = fl.file_name
    where u.file_label is null and u.file_name is not null ${within('u')}
      and ${present(label, keyword(label, term))}`;
  // Like the trigram index, the lookups find the events without walking time: a page of
  // many found walks the time index with the event-by-event test instead (run-hunt.ts).
  context.narrowed.byTextIndex = true;
  if (context.dialect === 'postgres') {
    const ownHalf = sql`from events o where ${present(own, keyword(own, term))} ${within('o')}`;
    if (context.rows && !context.rows.events) {
      // The statement reads the two halves themselves: no event of the range is tested.
      context.rows.events = sql`(select o.* ${ownHalf} union all select u.* ${inferred})`;
      return TRUE;
    }
    return sql<SqlBool>`(events.id, events.time) in (
      select o.id, o.time ${ownHalf} union all select u.id, u.time ${inferred})`;
  }
  const ownHere = sql.ref('events.file_label');
  return sql<SqlBool>`(${present(ownHere, keyword(ownHere, term))} or events.id in (
    select u.id ${inferred}))`;
}

function compileTerm(term: HuntTerm, context: Compiling): RawBuilder<SqlBool> {
  if (term.field === null) {
    // Free text: the event's searchable text (migration 0013), folded already.
    const test = sql<SqlBool>`events.search_text like ${`%${foldCase(term.pattern)}%`} escape '\\'`;
    return indexed(context, runsOf(term), test);
  }
  if (term.field.startsWith('raw.')) {
    const value = rawValue(context.dialect, term.field);
    return present(value, term.wildcard && term.value === '*' ? TRUE : keyword(value, term));
  }
  const kind = huntFieldOf(term.field)?.kind;
  if (kind === 'person') {
    const ids = context.peopleNamed(term.value);
    return ids.length ? sql<SqlBool>`events.employee_id in (${sql.join(ids)})` : FALSE;
  }
  const column = HUNT_FIELD_COLUMNS[term.field]!;
  // The label as every screen shows it (the file's label in the person's other events too).
  const ref = column === 'file_label' ? EVENT_FILE_LABEL : sql.ref(`events.${column}`);
  if (term.wildcard && term.value === '*') return sql<SqlBool>`${ref} is not null`;
  const labelLookup = column === 'file_label' ? fileLabelLookup(term, context) : undefined;
  if (labelLookup) return labelLookup;
  if (kind === 'list') {
    if (context.dialect === 'postgres' && !term.wildcard && POSTGRES_LIST_INDEXED.has(column)) {
      return listHolds(column, term);
    }
    const runs = runsOf(term);
    const test = listElement(context.dialect, column, term);
    return listValueIndexable(runs) ? indexed(context, runs, test) : test;
  }
  if (kind === 'keyword' && !term.wildcard && FOLDED_INDEXED[context.dialect].has(column)) {
    return present(ref, keyword(ref, term));
  }
  const test =
    kind === 'text'
      ? present(ref, contains(ref, term))
      : present(ref, keyword(ref, term, !LOWER_CASE_COLUMNS.has(column)));
  return TEXT_INDEXED_COLUMNS.has(column) ? indexed(context, runsOf(term), test) : test;
}

function compileRange(range: HuntRange): RawBuilder<SqlBool> {
  const column = range.field === 'time' ? 'time' : HUNT_FIELD_COLUMNS[range.field]!;
  const ref = sql.ref(`events.${column}`);
  const parts: RawBuilder<SqlBool>[] = [];
  const bound = (text: string, end: 'min' | 'max', inclusive: boolean) => {
    if (range.field === 'time') return timeBound(text, end, inclusive);
    const n = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text.trim()) || !Number.isFinite(n)) {
      throw invalid(
        `A ${range.field} range takes numbers, such as ${huntFieldOf(range.field)!.example}.`,
        'q',
      );
    }
    return { value: n, inclusive };
  };
  if (range.min !== null) {
    const { value, inclusive } = bound(range.min, 'min', range.minInclusive);
    parts.push(inclusive ? sql<SqlBool>`${ref} >= ${value}` : sql<SqlBool>`${ref} > ${value}`);
  }
  if (range.max !== null) {
    const { value, inclusive } = bound(range.max, 'max', range.maxInclusive);
    parts.push(inclusive ? sql<SqlBool>`${ref} <= ${value}` : sql<SqlBool>`${ref} < ${value}`);
  }
  if (parts.length === 0) return sql<SqlBool>`${ref} is not null`;
  return sql<SqlBool>`(${ref} is not null and ${sql.join(parts, sql` and `)})`;
}

/**
 * Every trigram the query's terms may ask the trigram index for (`trigramEvents` counts them):
 * of each term with letters, whether or not its field is narrowed by the index.
 */
export function huntTrigrams(node: HuntNode | null): string[] {
  const terms = node ? termsOf(node).filter((t): t is HuntTerm => t.kind === 'term') : [];
  return [...new Set(terms.flatMap((t) => countedTrigramsOf(runsOf(t))))];
}

function compileNode(node: HuntNode | null, context: Compiling): RawBuilder<SqlBool> {
  if (node === null) return TRUE;
  switch (node.kind) {
    case 'and':
      return sql<SqlBool>`(${sql.join(
        node.parts.map((p) => compileNode(p, context)),
        sql` and `,
      )})`;
    case 'or':
      return sql<SqlBool>`(${sql.join(
        node.parts.map((p) => compileNode(p, { ...context, required: false })),
        sql` or `,
      )})`;
    case 'not':
      return sql<SqlBool>`(not ${compileNode(node.part, { ...context, required: false })})`;
    case 'range':
      return compileRange(node);
    case 'term':
      return compileTerm(node, context);
  }
}

/**
 * A hunting query as one SQL condition over `events`, every value of the query a parameter.
 * A NULL never leaks out of a term (see `present`), so NOT means "every other event".
 */
export function compileHuntQuery(
  node: HuntNode | null,
  context: HuntCompileContext,
): RawBuilder<SqlBool> {
  return compileNode(node, {
    ...context,
    textIndex: true,
    required: true,
    narrowed: { byTextIndex: false },
    rows: null,
  });
}

/** A hunt's condition as a page or a count may read it (see `compileHuntConditions`). */
export interface HuntConditions {
  /** Terms narrowed by the trigram index where it helps: for a count, and a page of few events. */
  narrowed: RawBuilder<SqlBool>;
  /** Each term by its own test only: for a page that walks the time index. */
  plain: RawBuilder<SqlBool>;
  /**
   * Whether `narrowed` holds a term every event found passes that reads the trigram index: the
   * index alone then finds a superset of the hunt's events.
   */
  byTextIndex: boolean;
  /**
   * The rows `narrowed` reads in place of the events table, when a lookup gives every event
   * the hunt can find (PostgreSQL's `file.label`): a statement reads `from <events> as events`.
   * `plain` always reads the events table.
   */
  events: RawBuilder<unknown> | null;
}

/**
 * The query's condition with and without the trigram index's narrowing. Both find the same
 * events (the index only narrows); which one a page reads decides how the database finds them.
 */
export function compileHuntConditions(
  node: HuntNode | null,
  context: HuntCompileContext,
): HuntConditions {
  const compiling: Compiling = {
    ...context,
    textIndex: true,
    required: true,
    narrowed: { byTextIndex: false },
    rows: { events: null },
  };
  const narrowed = compileNode(node, compiling);
  const plain = compileNode(node, {
    ...context,
    textIndex: false,
    required: true,
    narrowed: { byTextIndex: false },
    rows: null,
  });
  return {
    narrowed,
    plain,
    byTextIndex: compiling.narrowed.byTextIndex,
    events: compiling.rows?.events ?? null,
  };
}
