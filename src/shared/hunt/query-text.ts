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

/** The query narrowed by a clause (`and`) or with it excluded (`not`). */
export function withClause(query: string, clause: string, how: 'and' | 'not'): string {
  const base = query.trim();
  const part = how === 'not' ? `NOT ${clause}` : clause;
  if (!base) return how === 'not' ? part : clause;
  const grouped = /\bOR\b/.test(base) ? `(${base})` : base;
  return `${grouped} AND ${part}`;
}
