/**
 * Can two `when` clauses be true at the same time? The conflict check needs a practical answer,
 * not a SAT solver. Each clause is rewritten as an OR of ANDs of simple facts; two clauses are
 * mutually exclusive when every AND of one contradicts every AND of the other. Facts contradict
 * when they are:
 * - `a` and `!a`;
 * - `x == 'p'` and `x == 'q'` (p ≠ q), or `x == 'p'` and `x != 'p'`;
 * - `x == v` and `!x` for a truthy v, or `x == v` and `x` for a falsy v (`''`, 0, false);
 * - numeric facts about one key whose ranges do not meet (`n > 0` and `n == 0`, `n < 1` and `n >= 2`);
 * - any other comparison and its negation, compared as text.
 * Anything else may overlap, so the check errs towards reporting a conflict, and the author
 * resolves it by adding an explicit `!a` or `view == '…'` to one side.
 */
import type { ComparisonOperator, WhenExpression, WhenValue } from './when-clause';
import { formatWhen } from './when-clause';

type NumericOperator = '<' | '<=' | '>' | '>=';

type Fact =
  | { readonly kind: 'truthy'; readonly name: string; readonly positive: boolean }
  | {
      readonly kind: 'equals';
      readonly name: string;
      readonly value: WhenValue;
      readonly positive: boolean;
    }
  | {
      readonly kind: 'range';
      readonly name: string;
      readonly operator: NumericOperator;
      readonly value: number;
    }
  | { readonly kind: 'other'; readonly text: string; readonly positive: boolean };

type Conjunction = readonly Fact[];

// Past this many ANDs the clause is too tangled to reason about; it is treated as "may overlap".
const maxConjunctions = 256;

const negatedOperator: Readonly<Record<NumericOperator, NumericOperator>> = {
  '<': '>=',
  '<=': '>',
  '>': '<=',
  '>=': '<',
};

const mirroredOperator: Readonly<Record<NumericOperator, NumericOperator>> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

function cross(left: Conjunction[], right: Conjunction[]): Conjunction[] | null {
  if (left.length * right.length > maxConjunctions) return null;
  return left.flatMap((a) => right.map((b) => [...a, ...b]));
}

function compareFact(
  expression: Extract<WhenExpression, { type: 'compare' }>,
  negated: boolean,
): Fact {
  const { left, right } = expression;
  const [key, literal, flipped] =
    left.type === 'key' && right.type === 'literal'
      ? [left, right, false]
      : right.type === 'key' && left.type === 'literal'
        ? [right, left, true]
        : [null, null, false];
  const operator: ComparisonOperator = expression.operator;
  if (key === null || literal === null) {
    return { kind: 'other', text: formatWhen(expression), positive: !negated };
  }
  if (operator === '==' || operator === '!=') {
    return {
      kind: 'equals',
      name: key.name,
      value: literal.value,
      positive: (operator === '==') !== negated,
    };
  }
  if (typeof literal.value !== 'number') {
    return { kind: 'other', text: formatWhen(expression), positive: !negated };
  }
  const oriented = flipped ? mirroredOperator[operator] : operator;
  // Negating a numeric test assumes a number-typed key, as every declared numeric key is.
  return {
    kind: 'range',
    name: key.name,
    operator: negated ? negatedOperator[oriented] : oriented,
    value: literal.value,
  };
}

/** The clause as an OR of ANDs, or null when it is too large to expand. */
function toDisjunction(expression: WhenExpression, negated: boolean): Conjunction[] | null {
  switch (expression.type) {
    case 'literal':
      return Boolean(expression.value) !== negated ? [[]] : [];
    case 'key':
      return [[{ kind: 'truthy', name: expression.name, positive: !negated }]];
    case 'not':
      return toDisjunction(expression.operand, !negated);
    case 'compare':
      return [[compareFact(expression, negated)]];
    case 'and':
    case 'or': {
      const left = toDisjunction(expression.left, negated);
      const right = toDisjunction(expression.right, negated);
      if (left === null || right === null) return null;
      const conjunctive = (expression.type === 'and') !== negated;
      return conjunctive ? cross(left, right) : [...left, ...right];
    }
  }
}

function bound(fact: Fact): { operator: NumericOperator | '=='; value: number } | null {
  if (fact.kind === 'range') return fact;
  if (fact.kind === 'equals' && fact.positive && typeof fact.value === 'number') {
    return { operator: '==', value: fact.value };
  }
  return null;
}

function rangesMeet(facts: readonly Fact[]): boolean {
  let low = -Infinity;
  let high = Infinity;
  let lowOpen = false;
  let highOpen = false;
  for (const { operator, value } of facts.map(bound).filter((item) => item !== null)) {
    if (
      operator !== '<' &&
      operator !== '<=' &&
      (value > low || (value === low && operator === '>'))
    ) {
      low = value;
      lowOpen = operator === '>';
    }
    if (
      operator !== '>' &&
      operator !== '>=' &&
      (value < high || (value === high && operator === '<'))
    ) {
      high = value;
      highOpen = operator === '<';
    }
  }
  return low < high || (low === high && !lowOpen && !highOpen);
}

function contradicts(a: Fact, b: Fact): boolean {
  if (a.kind === 'other' || b.kind === 'other') {
    return (
      a.kind === 'other' && b.kind === 'other' && a.text === b.text && a.positive !== b.positive
    );
  }
  if (a.name !== b.name) return false;
  if (a.kind === 'truthy' && b.kind === 'truthy') return a.positive !== b.positive;
  if (a.kind === 'equals' && b.kind === 'equals') {
    if (a.positive && b.positive) return a.value !== b.value;
    return a.positive !== b.positive && a.value === b.value;
  }
  const [equals, truthy] = a.kind === 'equals' ? [a, b] : [b, a];
  if (equals.kind === 'equals' && truthy.kind === 'truthy' && equals.positive) {
    return Boolean(equals.value) !== truthy.positive;
  }
  return false;
}

function isContradictory(facts: Conjunction): boolean {
  const byName = new Map<string, Fact[]>();
  for (const fact of facts) {
    const name = fact.kind === 'other' ? '' : fact.name;
    byName.set(name, [...(byName.get(name) ?? []), fact]);
  }
  for (const group of byName.values()) {
    if (
      group.some((fact, index) => group.slice(index + 1).some((other) => contradicts(fact, other)))
    ) {
      return true;
    }
    if (!rangesMeet(group)) return true;
  }
  return false;
}

/**
 * True unless the two clauses are provably exclusive by the rules above. An absent clause is
 * `true` and overlaps everything that can be true at all.
 */
export function whenClausesCanOverlap(
  left: WhenExpression | undefined,
  right: WhenExpression | undefined,
): boolean {
  const always: Conjunction[] = [[]];
  const a = left === undefined ? always : toDisjunction(left, false);
  const b = right === undefined ? always : toDisjunction(right, false);
  if (a === null || b === null) return true;
  return a.some((ca) => b.some((cb) => !isContradictory([...ca, ...cb])));
}
