/**
 * `when` clauses: the small boolean language of keymaps, e.g. `listFocus && !inputFocus` or
 * `view == 'incident'`. Precedence, tightest first: `!`, then `== != < <= > >=`, then `&&`,
 * then `||`; parentheses group. Comparisons do not chain (`a == b == c` is an error), which
 * keeps clauses readable and the conflict check in when-overlap.ts tractable.
 */

/** A value a clause can hold or compare: context values and literals. */
export type WhenValue = string | number | boolean;

/** The values the clause is evaluated against; a missing key reads as undefined (false). */
export type WhenContext = Readonly<Record<string, WhenValue | undefined>>;

/** A comparison operator. */
export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** The parsed form of a clause. */
export type WhenExpression =
  | { readonly type: 'literal'; readonly value: WhenValue }
  | { readonly type: 'key'; readonly name: string }
  | { readonly type: 'not'; readonly operand: WhenExpression }
  | { readonly type: 'and' | 'or'; readonly left: WhenExpression; readonly right: WhenExpression }
  | {
      readonly type: 'compare';
      readonly operator: ComparisonOperator;
      readonly left: WhenExpression;
      readonly right: WhenExpression;
    };

/** A parse failure: a sentence and the 0-based character position it points at. */
export interface WhenParseError {
  readonly message: string;
  readonly position: number;
}

/** The outcome of {@link parseWhen}. */
export type WhenParseResult =
  | { readonly ok: true; readonly expression: WhenExpression }
  | { readonly ok: false; readonly error: WhenParseError };

type Token =
  | { kind: 'op'; text: string; position: number }
  | { kind: 'identifier'; text: string; position: number }
  | { kind: 'number'; value: number; text: string; position: number }
  | { kind: 'string'; value: string; text: string; position: number }
  | { kind: 'end'; text: string; position: number };

class ClauseError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const comparisonOperators = ['==', '!=', '<', '<=', '>', '>='];
const operators = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')'];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index] ?? '';
    if (/\s/.test(char)) {
      index += 1;
      continue;
    }
    const operator = operators.find((op) => source.startsWith(op, index));
    if (operator !== undefined) {
      tokens.push({ kind: 'op', text: operator, position: index });
      index += operator.length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(source.slice(index))?.[0];
    if (word !== undefined) {
      tokens.push({ kind: 'identifier', text: word, position: index });
      index += word.length;
      continue;
    }
    const number = /^-?\d+(?:\.\d+)?/.exec(source.slice(index))?.[0];
    if (number !== undefined) {
      tokens.push({ kind: 'number', value: Number(number), text: number, position: index });
      index += number.length;
      continue;
    }
    if (char === "'" || char === '"') {
      const token = readString(source, index, char);
      tokens.push(token);
      index += token.text.length;
      continue;
    }
    throw new ClauseError(unexpectedCharacter(char), index);
  }
  tokens.push({ kind: 'end', text: 'the end of the clause', position: source.length });
  return tokens;
}

function unexpectedCharacter(char: string): string {
  if (char === '=') return "Unexpected '=': compare with '=='.";
  if (char === '&') return "Unexpected '&': write '&&' for 'and'.";
  if (char === '|') return "Unexpected '|': write '||' for 'or'.";
  return `Unexpected character '${char}'.`;
}

function readString(source: string, start: number, quote: string): Token {
  let value = '';
  let index = start + 1;
  while (index < source.length) {
    const char = source[index] ?? '';
    if (char === quote) {
      return { kind: 'string', value, text: source.slice(start, index + 1), position: start };
    }
    // A backslash escapes the next character, so a quote can appear inside a string.
    if (char === '\\' && index + 1 < source.length) {
      value += source[index + 1] ?? '';
      index += 2;
      continue;
    }
    value += char;
    index += 1;
  }
  throw new ClauseError(`The string starting here is not closed with ${quote}.`, start);
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): WhenExpression {
    const expression = this.parseOr();
    const next = this.peek();
    if (next.kind !== 'end') {
      throw new ClauseError(`Expected '&&', '||' or the end, found '${next.text}'.`, next.position);
    }
    return expression;
  }

  private peek(): Token {
    // The tokenizer always ends with an 'end' token, and the parser never moves past it.
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] as Token;
  }

  private takeOperator(...texts: string[]): string | null {
    const token = this.peek();
    if (token.kind !== 'op' || !texts.includes(token.text)) return null;
    this.index += 1;
    return token.text;
  }

  private parseOr(): WhenExpression {
    let left = this.parseAnd();
    while (this.takeOperator('||') !== null) left = { type: 'or', left, right: this.parseAnd() };
    return left;
  }

  private parseAnd(): WhenExpression {
    let left = this.parseComparison();
    while (this.takeOperator('&&') !== null) {
      left = { type: 'and', left, right: this.parseComparison() };
    }
    return left;
  }

  private parseComparison(): WhenExpression {
    const left = this.parseUnary();
    const operator = this.takeOperator(...comparisonOperators);
    if (operator === null) return left;
    const right = this.parseUnary();
    const next = this.peek();
    if (next.kind === 'op' && comparisonOperators.includes(next.text)) {
      throw new ClauseError(
        `Comparisons do not chain: group with parentheses before '${next.text}'.`,
        next.position,
      );
    }
    return { type: 'compare', operator: operator as ComparisonOperator, left, right };
  }

  private parseUnary(): WhenExpression {
    if (this.takeOperator('!') !== null) return { type: 'not', operand: this.parseUnary() };
    return this.parsePrimary();
  }

  private parsePrimary(): WhenExpression {
    const token = this.peek();
    this.index += 1;
    if (token.kind === 'op' && token.text === '(') {
      const inner = this.parseOr();
      const close = this.peek();
      if (this.takeOperator(')') === null) {
        throw new ClauseError(
          `Expected ')' to close the '(' at ${token.position}.`,
          close.position,
        );
      }
      return inner;
    }
    if (token.kind === 'number' || token.kind === 'string') {
      return { type: 'literal', value: token.value };
    }
    if (token.kind === 'identifier') {
      if (token.text === 'true' || token.text === 'false') {
        return { type: 'literal', value: token.text === 'true' };
      }
      return { type: 'key', name: token.text };
    }
    throw new ClauseError(
      `Expected a context key, a number, a string, true, false, '!' or '(', found ${
        token.kind === 'end' ? token.text : `'${token.text}'`
      }.`,
      token.position,
    );
  }
}

/** Parses a clause; an error names what was expected and where (0-based position). */
export function parseWhen(source: string): WhenParseResult {
  try {
    return { ok: true, expression: new Parser(tokenize(source)).parse() };
  } catch (error) {
    if (error instanceof ClauseError) {
      return {
        ok: false,
        error: {
          message: `${error.message} (at position ${error.position})`,
          position: error.position,
        },
      };
    }
    throw error;
  }
}

function valueOf(expression: WhenExpression, context: WhenContext): WhenValue | undefined {
  switch (expression.type) {
    case 'literal':
      return expression.value;
    case 'key':
      return context[expression.name];
    default:
      return evaluateWhen(expression, context);
  }
}

/**
 * Evaluates a clause. A key on its own is true when its value is truthy (so `investigationId`
 * means "an investigation is open"); `==` and `!=` compare strictly; `<`-style comparisons are
 * true only when both sides are numbers, so a missing key never passes a numeric test.
 */
export function evaluateWhen(expression: WhenExpression, context: WhenContext): boolean {
  switch (expression.type) {
    case 'literal':
    case 'key':
      return Boolean(valueOf(expression, context));
    case 'not':
      return !evaluateWhen(expression.operand, context);
    case 'and':
      return evaluateWhen(expression.left, context) && evaluateWhen(expression.right, context);
    case 'or':
      return evaluateWhen(expression.left, context) || evaluateWhen(expression.right, context);
    case 'compare':
      return compare(
        expression.operator,
        valueOf(expression.left, context),
        valueOf(expression.right, context),
      );
  }
}

function compare(
  operator: ComparisonOperator,
  left: WhenValue | undefined,
  right: WhenValue | undefined,
): boolean {
  if (operator === '==') return left === right;
  if (operator === '!=') return left !== right;
  if (typeof left !== 'number' || typeof right !== 'number') return false;
  if (operator === '<') return left < right;
  if (operator === '<=') return left <= right;
  if (operator === '>') return left > right;
  return left >= right;
}

/** The context keys a clause reads, each once, in order of first use. */
export function whenIdentifiers(expression: WhenExpression): string[] {
  const names = new Set<string>();
  const visit = (node: WhenExpression): void => {
    if (node.type === 'key') names.add(node.name);
    else if (node.type === 'not') visit(node.operand);
    else if (node.type !== 'literal') {
      visit(node.left);
      visit(node.right);
    }
  };
  visit(expression);
  return [...names];
}

/** The string comparisons a clause makes, e.g. `view == 'incident'` gives `view`/`incident`. */
export function whenStringComparisons(
  expression: WhenExpression,
): { readonly name: string; readonly value: string }[] {
  if (expression.type === 'not') return whenStringComparisons(expression.operand);
  if (expression.type === 'and' || expression.type === 'or') {
    return [...whenStringComparisons(expression.left), ...whenStringComparisons(expression.right)];
  }
  if (expression.type !== 'compare') return [];
  const { left, right } = expression;
  if (left.type === 'key' && right.type === 'literal' && typeof right.value === 'string') {
    return [{ name: left.name, value: right.value }];
  }
  if (right.type === 'key' && left.type === 'literal' && typeof left.value === 'string') {
    return [{ name: right.name, value: left.value }];
  }
  return [];
}

const precedence = { or: 1, and: 2, compare: 3, not: 4, key: 5, literal: 5 } as const;

/**
 * The canonical text of a clause: single quotes, single spaces, only the parentheses that
 * precedence needs. Two clauses that print the same are the same clause.
 */
export function formatWhen(expression: WhenExpression): string {
  const wrap = (child: WhenExpression, parent: number): string =>
    precedence[child.type] < parent ? `(${formatWhen(child)})` : formatWhen(child);
  switch (expression.type) {
    case 'literal':
      return typeof expression.value === 'string'
        ? `'${expression.value.replace(/[\\']/g, '\\$&')}'`
        : String(expression.value);
    case 'key':
      return expression.name;
    case 'not':
      return `!${wrap(expression.operand, precedence.not)}`;
    case 'and':
    case 'or':
      return `${wrap(expression.left, precedence[expression.type])} ${
        expression.type === 'and' ? '&&' : '||'
      } ${wrap(expression.right, precedence[expression.type] + 1)}`;
    case 'compare':
      return `${wrap(expression.left, precedence.not)} ${expression.operator} ${wrap(
        expression.right,
        precedence.not,
      )}`;
  }
}
