const count = new Intl.NumberFormat('en-US');

function rows(n: number): string {
  return `${count.format(n)} ${n === 1 ? 'row' : 'rows'}`;
}

/** What a list knows about its size. */
export type RowCountInput =
  | { mode: 'client'; shown: number; total: number }
  | { mode: 'server'; loaded: number; total: number | undefined; hasMore: boolean };

/**
 * The toolbar's row count: "1,234 rows", "234 of 1,234 rows" when filtered, and in server mode
 * "loaded 500 of 1,000,000" (or "loaded 500" while the server does not say how many match).
 */
export function rowCountText(input: RowCountInput): string {
  if (input.mode === 'client') {
    return input.shown === input.total
      ? rows(input.total)
      : `${count.format(input.shown)} of ${rows(input.total)}`;
  }
  if (!input.hasMore) return rows(input.loaded);
  return input.total === undefined
    ? `loaded ${count.format(input.loaded)}`
    : `loaded ${count.format(input.loaded)} of ${count.format(input.total)}`;
}

/** `aria-rowcount` of the grid: rows plus the header row, or -1 while the total is unknown. */
export function ariaRowCount(input: RowCountInput): number {
  if (input.mode === 'client') return input.shown + 1;
  if (input.total !== undefined) return input.total + 1;
  return input.hasMore ? -1 : input.loaded + 1;
}

/** The status line after select-all, which in server mode can only reach the loaded rows. */
export function selectAllText(input: RowCountInput, selected: number): string {
  if (input.mode === 'server' && input.hasMore) {
    const of = input.total === undefined ? '' : ` of ${count.format(input.total)}`;
    return `Selected the ${count.format(selected)} loaded rows${of}; rows not loaded yet are not selected.`;
  }
  return `Selected all ${rows(selected)}.`;
}

/** Formats a count the way the row count does. */
export function formatCount(n: number): string {
  return count.format(n);
}
