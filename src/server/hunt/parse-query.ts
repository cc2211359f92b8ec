import lucene from 'lucene';
import type { AST, Node, NodeRangedTerm, NodeTerm, Operator } from 'lucene';

import { huntFieldNames, huntFieldOf, RAW_FIELD_PREFIX } from '../../shared/hunt/fields';
import { invalid } from '../domain-error';
import type { DomainError } from '../domain-error';
import type { HuntNode, HuntTerm } from './query-tree';

/** The longest query taken: a query is typed, not generated. */
export const MAX_QUERY_LENGTH = 4_000;

/** Raw-record paths: `raw.EventData.TargetFilename`, keys of letters, digits and `_ - @ $`. */
const RAW_PATH = /^raw(\.[A-Za-z0-9_@$-]{1,128}){1,12}$/;

/** A query that cannot be read: 400 with where and what was expected. */
function unreadable(message: string): DomainError {
  return invalid(message, 'q');
}

const isRange = (node: Node): node is NodeRangedTerm => 'term_min' in node;
const isNode = (value: AST | Node): value is Node => 'term' in value || 'term_min' in value;

/**
 * Text of a term with Lucene's escapes resolved; unescaped `*` and `?` become wildcards. The
 * pattern escapes LIKE's own `%`, `_` and `\` so the query's text is only ever matched as data.
 */
function readTerm(raw: string, quoted: boolean): Omit<HuntTerm, 'kind' | 'field' | 'quoted'> {
  let value = '';
  let pattern = '';
  let wildcard = false;
  for (let i = 0; i < raw.length; i += 1) {
    let c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      c = raw[++i]!;
    } else if (!quoted && (c === '*' || c === '?')) {
      wildcard = true;
      value += c;
      pattern += c === '*' ? '%' : '_';
      continue;
    }
    value += c;
    pattern += /[\\%_]/.test(c) ? `\\${c}` : c;
  }
  return { value, pattern, wildcard };
}

/** The field a term names, checked: a known field, a raw path, or free text (null). */
function checkField(name: string | undefined): string | null {
  if (name === undefined || name === '<implicit>') return null;
  if (name.startsWith(RAW_FIELD_PREFIX)) {
    if (!RAW_PATH.test(name)) {
      throw unreadable(
        'A raw field is a path of keys after raw., such as raw.EventData.TargetFilename (letters, digits, _ - @ $).',
      );
    }
    return name;
  }
  if (!huntFieldOf(name)) {
    throw unreadable(
      `That field is not one a hunt knows. The fields are: ${huntFieldNames.join(', ')}.`,
    );
  }
  return name;
}

function termOf(node: NodeTerm, groupField: string | undefined): HuntNode {
  if (node.regex) {
    throw unreadable('Regular expressions are not taken in a hunt: use * and ? wildcards.');
  }
  if (
    node.similarity != null ||
    (node as { proximity?: unknown }).proximity != null ||
    node.boost != null
  ) {
    throw unreadable('Fuzzy, proximity and boost (~ and ^) are not taken in a hunt: remove them.');
  }
  // `-field:value` comes as a field named "-field": the prefix belongs to the term.
  const fieldPrefix = /^[-+!]/.exec(node.field)?.[0] ?? null;
  const written = fieldPrefix ? node.field.slice(1) : node.field;
  const named = written === '<implicit>' ? groupField : written;
  const field = checkField(named);
  const kind = field === null ? null : huntFieldOf(field)?.kind;
  if (kind === 'time' || kind === 'number') {
    throw unreadable(`The field ${field} takes a range, such as ${huntFieldOf(field!)!.example}.`);
  }
  const term: HuntTerm = {
    kind: 'term',
    field,
    quoted: node.quoted,
    ...readTerm(node.term, node.quoted),
  };
  if (term.value === '' || (term.wildcard && term.value.replace(/[*?]/g, '') === '')) {
    // `field:*` would match every event with the field; say what to write instead.
    if (term.wildcard && field !== null)
      return { kind: 'term', field, value: '*', pattern: '%', wildcard: true, quoted: false };
    throw unreadable('A value is empty: write a word, a quoted phrase or a pattern with *.');
  }
  const prefix = node.prefix ?? fieldPrefix;
  const prefixed = prefix === '-' || prefix === '!';
  return prefixed ? { kind: 'not', part: term } : term;
}

function rangeOf(node: NodeRangedTerm, groupField: string | undefined): HuntNode {
  // `-field:value` comes as a field named "-field": the prefix belongs to the term.
  const fieldPrefix = /^[-+!]/.exec(node.field)?.[0] ?? null;
  const written = fieldPrefix ? node.field.slice(1) : node.field;
  const named = written === '<implicit>' ? groupField : written;
  const field = checkField(named);
  const kind = field === null ? null : huntFieldOf(field)?.kind;
  if (kind !== 'time' && kind !== 'number') {
    throw unreadable(
      'Ranges [a TO b] are for time and file.size: other fields take values and * wildcards.',
    );
  }
  const end = (text: string) => (text === '*' ? null : readTerm(text, true).value);
  const range: HuntNode = {
    kind: 'range',
    field: field!,
    min: end(node.term_min),
    max: end(node.term_max),
    minInclusive: node.inclusive === 'both' || node.inclusive === 'left',
    maxInclusive: node.inclusive === 'both' || node.inclusive === 'right',
  };
  return fieldPrefix === '-' || fieldPrefix === '!' ? { kind: 'not', part: range } : range;
}

type Link = 'and' | 'or';

const linkOf = (operator: Operator): Link => (operator.startsWith('OR') ? 'or' : 'and');
const negatedBy = (operator: Operator | null) => operator?.endsWith('NOT') ?? false;
const not = (part: HuntNode): HuntNode => ({ kind: 'not', part });

/**
 * A group `a OP b OP c` as Lucene's grammar nests it (to the right, without precedence), read
 * as a chain and rebuilt with AND binding tighter than OR. A `right` that is a group of its
 * own (parenthesized) ends the chain.
 */
function groupOf(ast: AST, field: string | undefined): HuntNode {
  const groupField = ast.field && ast.field !== '<implicit>' ? ast.field : field;
  const items: HuntNode[] = [];
  const links: Link[] = [];
  let current: AST = ast;
  let pending: Operator | null = null;
  for (;;) {
    let left = nodeOf(current.left, groupField);
    if (('start' in current && current.start === 'NOT') || negatedBy(pending)) left = not(left);
    if (pending) links.push(linkOf(pending));
    items.push(left);
    if (!('right' in current)) break;
    const operator = current.operator;
    const right: AST | Node = current.right;
    if (isNode(right) || right.parenthesized) {
      const last = nodeOf(right, groupField);
      links.push(linkOf(operator));
      items.push(negatedBy(operator) ? not(last) : last);
      break;
    }
    pending = operator;
    current = right;
  }
  return withPrecedence(items, links);
}

/** AND binds tighter than OR: `a AND b OR c` is `(a AND b) OR c`. */
function withPrecedence(items: HuntNode[], links: Link[]): HuntNode {
  const alternatives: HuntNode[][] = [[items[0]!]];
  links.forEach((link, i) => {
    if (link === 'or') alternatives.push([items[i + 1]!]);
    else alternatives[alternatives.length - 1]!.push(items[i + 1]!);
  });
  const ands = alternatives.map((parts) =>
    parts.length === 1 ? parts[0]! : { kind: 'and' as const, parts },
  );
  return ands.length === 1 ? ands[0]! : { kind: 'or', parts: ands };
}

function nodeOf(ast: AST | Node, field: string | undefined): HuntNode {
  if (isNode(ast)) return isRange(ast) ? rangeOf(ast, field) : termOf(ast, field);
  return groupOf(ast, field);
}

/** The field written just before a position (`file.name:` before the value it lacks). */
function fieldBefore(text: string, offset: number): string | null {
  const match = /([A-Za-z][\w.@$-]*):\s*$/.exec(text.slice(0, offset));
  if (!match) return null;
  const name = match[1]!;
  return huntFieldOf(name) ? name : null;
}

/** Lucene's pegjs error as a sentence: where (1-based column) and what was expected. */
function syntaxSentence(
  text: string,
  error: { location?: { start: { offset: number } }; found?: string | null },
): string {
  const offset = error.location?.start.offset ?? text.length;
  const at = offset + 1;
  const field = fieldBefore(text, offset);
  if (field) return `Expected a value after "${field}:" at ${at}.`;
  if (/:\s*$/.test(text.slice(0, offset))) return `Expected a value after the field at ${at}.`;
  if (error.found === null || error.found === undefined) {
    const open = (text.match(/"/g) ?? []).length % 2 === 1;
    if (open) return `Expected a closing quote (") at ${at}.`;
    return `Expected a value, a field:value or a closing parenthesis at ${at}.`;
  }
  if (error.found === ')') return `Expected a value before the closing parenthesis at ${at}.`;
  if (error.found === ':')
    return `Expected a value, not a second colon, at ${at}: put a value holding ":" in quotes.`;
  return `Expected a value, a field:value, AND, OR, NOT or a parenthesis at ${at}.`;
}

/** A query ending in an operator: Lucene's grammar drops it silently. */
const DANGLING = /(?:^|\s)(AND|OR|NOT|&&|\|\|)\s*$/;

/**
 * Parses a hunting query (Lucene/KQL syntax, through the `lucene` package's grammar) into a
 * checked tree. Bare words are ANDed, as in KQL. Throws an `invalid` DomainError whose sentence
 * names the position (a 1-based column) and what was expected, or lists the fields when one is
 * unknown; it never repeats the query's own text beyond a known field name.
 */
export function parseHuntQuery(text: string): HuntNode | null {
  if (text.length > MAX_QUERY_LENGTH) {
    throw unreadable(`A query is at most ${MAX_QUERY_LENGTH} characters long.`);
  }
  if (text.trim() === '') return null;
  const dangling = DANGLING.exec(text);
  if (dangling) {
    throw unreadable(`Expected a value after ${dangling[1]} at ${text.trimEnd().length + 1}.`);
  }
  let ast: AST;
  try {
    ast = lucene.parse(text);
  } catch (error) {
    throw unreadable(syntaxSentence(text, error as Parameters<typeof syntaxSentence>[1]));
  }
  return nodeOf(ast, undefined);
}
