import { refuse } from './problems';

/** A parsed Sigma condition: search identifiers combined with and, or, not and "x of". */
export type ConditionAst =
  | { kind: 'identifier'; name: string }
  | { kind: 'of'; quantifier: 'one' | 'all'; pattern: string }
  | { kind: 'and' | 'or'; items: ConditionAst[] }
  | { kind: 'not'; item: ConditionAst };

type Token =
  { kind: '(' | ')' | 'and' | 'or' | 'not' | 'of' | 'end' } | { kind: 'word'; text: string };

const WORD = /^[A-Za-z0-9_*-]+/;

function tokenize(text: string, line: number): Token[] {
  const tokens: Token[] = [];
  let rest = text;
  while (true) {
    rest = rest.replace(/^\s+/, '');
    if (rest === '') break;
    const c = rest[0]!;
    if (c === '(' || c === ')') {
      tokens.push({ kind: c });
      rest = rest.slice(1);
      continue;
    }
    if (c === '|') {
      refuse(
        line,
        `the aggregation "${rest.trim()}" is not supported; write a Sigma correlation rule (event_count, value_count...) instead`,
      );
    }
    const word = WORD.exec(rest)?.[0];
    if (!word) refuse(line, `the condition has an unexpected character "${c}"`);
    rest = rest.slice(word.length);
    if (word === 'and' || word === 'or' || word === 'not' || word === 'of') {
      tokens.push({ kind: word });
    } else if (word === 'near') {
      refuse(
        line,
        'the "near" operator is not supported; write a temporal correlation rule instead',
      );
    } else {
      tokens.push({ kind: 'word', text: word });
    }
  }
  tokens.push({ kind: 'end' });
  return tokens;
}

/**
 * Parses a Sigma condition with the specification's precedence, loosest first: or, and, not,
 * "1 of" / "all of", parentheses. Keywords are lower case, as in pySigma; identifiers are
 * letters, digits, `_` and `-`; patterns may hold `*`. Aggregations (`| count() by x`) and
 * `near`, from Sigma's first version, are refused: correlation rules replaced them.
 */
export function parseCondition(text: string, line: number): ConditionAst {
  const tokens = tokenize(text, line);
  let at = 0;
  const peek = () => tokens[at]!;
  const take = () => tokens[at++]!;
  const describe = (token: Token) =>
    token.kind === 'end'
      ? 'the end'
      : token.kind === 'word'
        ? `"${token.text}"`
        : `"${token.kind}"`;

  const parseOr = (): ConditionAst => {
    const items = [parseAnd()];
    while (peek().kind === 'or') {
      take();
      items.push(parseAnd());
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  };
  const parseAnd = (): ConditionAst => {
    const items = [parseNot()];
    while (peek().kind === 'and') {
      take();
      items.push(parseNot());
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  };
  const parseNot = (): ConditionAst => {
    if (peek().kind === 'not') {
      take();
      return { kind: 'not', item: parseNot() };
    }
    return parseAtom();
  };
  const parseAtom = (): ConditionAst => {
    const token = take();
    if (token.kind === '(') {
      const inner = parseOr();
      const close = take();
      if (close.kind !== ')')
        refuse(line, `the condition expects ")" but finds ${describe(close)}`);
      return inner;
    }
    if (token.kind !== 'word')
      refuse(line, `the condition expects a search identifier but finds ${describe(token)}`);
    const word = token;
    if (peek().kind === 'of') {
      take();
      if (!['1', 'any', 'all'].includes(word.text)) {
        refuse(line, `"${word.text} of" is not supported; Sigma has "1 of" and "all of"`);
      }
      const target = take();
      if (target.kind !== 'word')
        refuse(line, `"${word.text} of" needs a pattern or "them", not ${describe(target)}`);
      return {
        kind: 'of',
        quantifier: word.text === 'all' ? 'all' : 'one',
        pattern: (target as { text: string }).text,
      };
    }
    if (word.text.includes('*')) {
      refuse(line, `the pattern "${word.text}" needs "1 of" or "all of" in front`);
    }
    return { kind: 'identifier', name: word.text };
  };

  const ast = parseOr();
  if (peek().kind !== 'end')
    refuse(line, `the condition has ${describe(peek())} where it should end`);
  return ast;
}

/**
 * The search identifiers an "x of" pattern names: `them` is every identifier not starting
 * with `_`; otherwise `*` matches any run of characters over the whole name, and names
 * starting with `_` only match a pattern that starts with `_` (pySigma's reading).
 */
export function identifiersMatching(pattern: string, names: readonly string[]): string[] {
  if (pattern === 'them') return names.filter((name) => !name.startsWith('_'));
  const regex = new RegExp(
    `^${pattern.replace(/[.+?^${}()|[\]\\-]/g, (c) => `\\${c}`).replace(/\*/g, '.*')}$`,
  );
  return names.filter(
    (name) => regex.test(name) && (pattern.startsWith('_') || !name.startsWith('_')),
  );
}
