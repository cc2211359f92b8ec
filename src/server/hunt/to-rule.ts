import { activities } from '../../shared/events';
import { huntFieldOf } from '../../shared/hunt/fields';
import type { Condition, Filter } from '../analysis/rules/filter-types';
import { invalid } from '../domain-error';
import type { HuntNode, HuntTerm } from './query-tree';
import { HUNT_FIELD_COLUMNS } from './field-columns';

/** The text columns free text reads that the rule language can test too. */
const FREE_TEXT_FIELDS = [
  'file_name',
  'email_subject',
  'app',
  'repository',
  'target',
  'process_name',
  'device_name',
  'file_path',
  'command_line',
];

const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, (c) => `\\${c}`);

/** A wildcard value as an RE2 pattern; `whole` anchors it at both ends. */
function wildcardRegex(term: HuntTerm, whole: boolean): string {
  const body = [...term.value]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : escapeRegex(c)))
    .join('');
  return whole ? `^${body}$` : body;
}

function cannot(what: string): never {
  throw invalid(`This search cannot become a rule: ${what}`, 'query');
}

function termFilter(term: HuntTerm): Filter {
  if (term.field === null) {
    if (term.wildcard) cannot('free text with wildcards has no rule condition; name a field.');
    return {
      any: FREE_TEXT_FIELDS.map((field) => ({ field, containsAny: [term.value] })),
    };
  }
  if (term.field.startsWith('raw.')) {
    cannot('rules read the normalized fields, not the raw record (raw.…).');
  }
  const kind = huntFieldOf(term.field)?.kind;
  if (kind === 'person') {
    cannot('a rule watches everyone; to watch some people, put them on a watchlist.');
  }
  const field = HUNT_FIELD_COLUMNS[term.field]!;
  if (term.value === '*' && term.wildcard) return { not: { field, isNull: true } };
  if (kind === 'list') {
    if (term.wildcard) cannot('a recipient or domain with wildcards has no rule condition.');
    return { field, hasAnyOf: [term.value.toLowerCase()] };
  }
  if (term.wildcard) {
    return { field, matches: { pattern: wildcardRegex(term, kind !== 'text'), flags: 'i' } };
  }
  if (kind === 'text') return { field, containsAny: [term.value] };
  return { field, equalsAny: [term.value] } satisfies Condition;
}

/**
 * A filter that is false, never unknown, where its fields are empty. A rule's SQL reads an
 * empty field as unknown, and NOT unknown is unknown, so `NOT file.label:Public` would skip the
 * events without a label, which the hunt finds (as Lucene and KQL do). Under NOT, each
 * condition therefore first asks for its field.
 */
function nullSafe(filter: Filter): Filter {
  if ('all' in filter) return { all: filter.all.map(nullSafe) };
  if ('any' in filter) return { any: filter.any.map(nullSafe) };
  if ('not' in filter) return { not: nullSafe(filter.not) };
  if (filter.isNull !== undefined) return filter;
  return { all: [{ field: filter.field, isNull: false }, filter] };
}

/**
 * A hunting query as a detection rule's filter (rules/filter-types.ts): keyword values become
 * `equalsAny`, text `containsAny`, wildcards an anchored `matches`, lists `hasAnyOf`, ranges
 * `gte`/`lte`, NOT a negation false on empty fields (see nullSafe). What a rule cannot say (a
 * person, a raw path, a time range) is refused with a sentence rather than dropped.
 */
export function huntToFilter(node: HuntNode): Filter {
  switch (node.kind) {
    case 'and':
      return { all: node.parts.map(huntToFilter) };
    case 'or':
      return { any: node.parts.map(huntToFilter) };
    case 'not':
      return { not: nullSafe(huntToFilter(node.part)) };
    case 'range': {
      if (node.field === 'time') cannot('a rule runs over new events; leave time: out.');
      const field = HUNT_FIELD_COLUMNS[node.field]!;
      const parts: Condition[] = [];
      if (node.min !== null)
        parts.push(
          node.minInclusive ? { field, gte: Number(node.min) } : { field, gt: Number(node.min) },
        );
      if (node.max !== null)
        parts.push(
          node.maxInclusive ? { field, lte: Number(node.max) } : { field, lt: Number(node.max) },
        );
      return parts.length === 1
        ? parts[0]!
        : { all: parts.length ? parts : [{ field, isNull: false }] };
    }
    case 'term':
      return termFilter(node);
  }
}

/** The filter of a whole query; an empty one would match every event and is refused. */
export function huntFilterOf(node: HuntNode | null): Filter {
  if (node === null) cannot('an empty query would match every event.');
  return huntToFilter(node);
}

/** A rule id from a search's name: kebab-case, `hunt-` first. */
export function ruleIdOf(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `hunt-${slug || 'search'}`;
}

/**
 * A saved search as a Vigil JSON rule: one step that raises on every matching event (merged
 * into one alert a minute apart), its match limited to the activities the query names or
 * else all of them (a rule's match must limit activity at its top level).
 */
export function huntToRule(search: { name: string; description: string }, node: HuntNode | null) {
  const filter = huntFilterOf(node);
  const match: Filter = { all: [{ field: 'activity', in: [...activities] }, filter] };
  return {
    id: ruleIdOf(search.name),
    title: search.name,
    description:
      search.description ||
      'Raised by a saved hunting search: every event its query finds raises an alert.',
    severity: 'medium' as const,
    techniques: [] as string[],
    condition: { steps: [{ name: 'match', match, window: '1m', atLeast: 1 }] },
    why: '{match.count} events matched the saved search from {match.first} to {match.last}.',
  };
}
