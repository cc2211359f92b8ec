import type { Condition, Filter } from '../filter-types';

/**
 * A compiled Sigma detection before it becomes a Vigil filter: Vigil conditions combined with
 * and, or, not, and the constants a log source can imply (an `eventService` that is always
 * the same).
 */
export type Expr =
  { and: Expr[] } | { or: Expr[] } | { not: Expr } | { test: Condition } | { always: boolean };

/** The largest `all` / `any` list a filter may hold (validate-filter.ts). */
const MAX_LIST = 50;

/** Conjunction, with constants folded and nested conjunctions flattened. */
export function and(items: Expr[]): Expr {
  const flat = items.flatMap((item) => ('and' in item ? item.and : [item]));
  if (flat.some((item) => 'always' in item && !item.always)) return { always: false };
  const rest = flat.filter((item) => !('always' in item));
  if (rest.length === 0) return { always: true };
  return rest.length === 1 ? rest[0]! : { and: rest };
}

/** Disjunction, with constants folded and nested disjunctions flattened. */
export function or(items: Expr[]): Expr {
  const flat = items.flatMap((item) => ('or' in item ? item.or : [item]));
  if (flat.some((item) => 'always' in item && item.always)) return { always: true };
  const rest = flat.filter((item) => !('always' in item));
  if (rest.length === 0) return { always: false };
  return rest.length === 1 ? rest[0]! : { or: rest };
}

/** Negation, with constants folded and double negation removed. */
export function not(item: Expr): Expr {
  if ('always' in item) return { always: !item.always };
  if ('not' in item) return item.not;
  return { not: item };
}

function chunked(kind: 'all' | 'any', items: Filter[]): Filter {
  if (items.length === 1) return items[0]!;
  if (items.length <= MAX_LIST) return kind === 'all' ? { all: items } : { any: items };
  const groups: Filter[] = [];
  for (let i = 0; i < items.length; i += MAX_LIST) {
    groups.push(chunked(kind, items.slice(i, i + MAX_LIST)));
  }
  return chunked(kind, groups);
}

/**
 * A condition as Sigma reads it under a `not`. SQL gives NULL for a test on a missing value,
 * and `not NULL` is not true, so "not (ParentImage ends with explorer.exe)" would drop the
 * events without a parent; Sigma counts a missing field as "does not match". Requiring the
 * field to be present inside the negation makes the test plainly false for those events.
 */
function present(condition: Condition): Filter {
  if (condition.isNull !== undefined) return condition;
  return { all: [{ field: condition.field, isNull: false }, condition] };
}

/**
 * The Vigil filter of a compiled detection. Throws on a constant: the caller folds the
 * detection into the log source's filter first and refuses one that can never match.
 */
export function toFilter(expr: Expr, negated = false): Filter {
  if ('always' in expr) throw new Error('A constant has no filter of its own.');
  if ('test' in expr) return negated ? present(expr.test) : expr.test;
  if ('not' in expr) return { not: toFilter(expr.not, !negated) };
  if ('and' in expr) {
    const parts = expr.and.map((item) => toFilter(item, negated));
    return chunked(
      'all',
      parts.flatMap((part) => ('all' in part ? part.all : [part])),
    );
  }
  const parts = expr.or.map((item) => toFilter(item, negated));
  return chunked(
    'any',
    parts.flatMap((part) => ('any' in part ? part.any : [part])),
  );
}
