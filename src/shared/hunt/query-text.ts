/**
 * Writing hunting queries from values (pivots): a value quoted when it must be, and a clause
 * added to a query with AND or AND NOT.
 */

/** A value as a query writes it: bare when it is one plain word, else a quoted phrase. */
export function queryValue(value: string): string {
  if (/^[\p{L}\p{N}_.@/-]+$/u.test(value) && !/^(AND|OR|NOT|TO)$/.test(value)) return value;
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** `field:value`, written so the query reads it back as that value. */
export function fieldClause(field: string, value: string): string {
  return `${field}:${queryValue(value)}`;
}

/** How a pivot uses a value: search for it alone, add it (AND), or exclude it (NOT). */
export type PivotHow = 'only' | 'and' | 'not';

/** The query narrowed by a clause (`and`) or with it excluded (`not`). */
export function withClause(query: string, clause: string, how: 'and' | 'not'): string {
  const base = query.trim();
  const part = how === 'not' ? `NOT ${clause}` : clause;
  if (!base) return how === 'not' ? part : clause;
  const grouped = /\bOR\b/.test(base) ? `(${base})` : base;
  return `${grouped} AND ${part}`;
}

/** The query a pivot on `field`'s `value` leads to from `query`: the facets', grid's and event's. */
export function pivotQuery(query: string, field: string, value: string, how: PivotHow): string {
  const clause = fieldClause(field, value);
  return how === 'only' ? clause : withClause(query, clause, how);
}
