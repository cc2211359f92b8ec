import type { Condition } from '../filter-types';
import { MAX_PATTERN_LENGTH, regexProblem } from '../regex-subset';
import { or } from './expression';
import type { Expr } from './expression';
import { refuse } from './problems';
import { escapeRegex, shapeOf, wildcardRegex } from './sigma-string';
import type { SigmaString } from './sigma-string';

/** validate-filter.ts's limits: pieces of text for containsAny & co., and whole values. */
const MAX_NEEDLE = 200;
const MAX_VALUE = 500;
const MAX_ITEMS = 100;

type TextOperator = 'equalsAny' | 'containsAny' | 'startsWithAny' | 'endsWithAny';

const SHAPE_OPERATOR = {
  equals: 'equalsAny',
  contains: 'containsAny',
  startsWith: 'startsWithAny',
  endsWith: 'endsWithAny',
} as const satisfies Record<string, TextOperator>;

/** A regular expression condition, refused when it is too long for a rule. */
function regexTest(field: string, pattern: string, flags: string, line: number): Condition {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    refuse(
      line,
      `the value of ${field} is too long for Vigil (at most ${MAX_PATTERN_LENGTH} characters as a pattern)`,
    );
  }
  const problem = regexProblem(pattern, flags);
  if (problem !== null) refuse(line, `the value of ${field} cannot run as a pattern: ${problem}`);
  return { field, matches: flags ? { pattern, flags } : { pattern } };
}

function anchored(shape: 'equals' | 'contains' | 'startsWith' | 'endsWith', text: string): string {
  const body = escapeRegex(text);
  if (shape === 'equals') return `^${body}$`;
  if (shape === 'startsWith') return `^${body}`;
  if (shape === 'endsWith') return `${body}$`;
  return body;
}

/**
 * The conditions a list of OR-linked string values makes on a text field, Sigma's way:
 * case-insensitive unless `cased`; whole values, prefixes, suffixes and substrings become
 * `equalsAny`, `startsWithAny`, `endsWithAny` and `containsAny` (values of the same kind in
 * one list), `*` alone means "has a value", other wildcard shapes a regular expression. The
 * empty value also matches a missing one: parsers keep an empty field as null.
 */
export function textValueTests(
  field: string,
  values: readonly SigmaString[],
  cased: boolean,
  line: number,
): Expr {
  const lists: Record<TextOperator, string[]> = {
    equalsAny: [],
    containsAny: [],
    startsWithAny: [],
    endsWithAny: [],
  };
  const exact: string[] = [];
  const others: Expr[] = [];
  for (const value of values) {
    const shape = shapeOf(value);
    if (shape.shape === 'anything') {
      others.push({ test: { field, isNull: false } });
    } else if (shape.shape === 'pattern') {
      others.push({ test: regexTest(field, wildcardRegex(shape.value), cased ? 's' : 'is', line) });
    } else if (shape.shape === 'equals' && shape.text === '') {
      others.push({ test: { field, isNull: true } });
      if (cased) exact.push('');
      else lists.equalsAny.push('');
    } else if (cased) {
      if (shape.shape === 'equals' && shape.text.length <= MAX_VALUE) exact.push(shape.text);
      else others.push({ test: regexTest(field, anchored(shape.shape, shape.text), '', line) });
    } else {
      const limit = shape.shape === 'equals' ? MAX_VALUE : MAX_NEEDLE;
      if (shape.text.length <= limit) lists[SHAPE_OPERATOR[shape.shape]].push(shape.text);
      else others.push({ test: regexTest(field, anchored(shape.shape, shape.text), 'i', line) });
    }
  }
  const tests: Expr[] = [];
  for (const [operator, texts] of Object.entries(lists) as Array<[TextOperator, string[]]>) {
    const unique = [...new Set(texts)];
    for (let i = 0; i < unique.length; i += MAX_ITEMS) {
      tests.push({ test: { field, [operator]: unique.slice(i, i + MAX_ITEMS) } });
    }
  }
  const uniqueExact = [...new Set(exact)];
  for (let i = 0; i < uniqueExact.length; i += MAX_ITEMS) {
    const chunk = uniqueExact.slice(i, i + MAX_ITEMS);
    tests.push({ test: chunk.length === 1 ? { field, eq: chunk[0]! } : { field, in: chunk } });
  }
  return or([...tests, ...others]);
}
