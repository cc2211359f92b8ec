import type SQLite from 'better-sqlite3';

/** The SQL function both engines fold text with for case-insensitive search. */
export const FOLD_FUNCTION = 'vigil_fold';

/**
 * Lowercases the way PostgreSQL's lower() does in a UTF-8 database: one character to one, by
 * Unicode's simple case mapping. JavaScript's toLowerCase uses the full mapping instead, which
 * differs for two letters: İ becomes "i" plus a combining dot, and Σ becomes ς at the end of a
 * word. Mapping those two first makes the results the same as PostgreSQL's.
 */
export function foldCase(text: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII range, for the fast path
  if (/^[\u0000-\u007f]*$/.test(text)) return text.toLowerCase();
  return text.replace(/[İΣ]/g, (c) => (c === 'İ' ? 'i' : 'σ')).toLowerCase();
}

/**
 * SQLite's own lower() folds ASCII only, so "Ω" and "İ" were never found case-insensitively.
 * Registers vigil_fold on a connection; PostgreSQL gets the same name as a SQL function
 * (migration 0009) that calls lower().
 */
export function registerFoldCase(sqlite: SQLite.Database): void {
  sqlite.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldCase(value) : value,
  );
}
