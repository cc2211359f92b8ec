import uFuzzy from '@leeoniya/ufuzzy';

import type { PaletteEntry } from './palette-entry';

// Default options: substring-of-characters matching, which measured fastest at 50k entries.
const fuzzy = new uFuzzy({});
/** Terms may come in any order ("4242 exfil"), up to this many permuted. */
const OUT_OF_ORDER = 2;

/** A label as typed: lower case, without the ellipsis of a command that asks more. */
function plainLabel(label: string): string {
  return label.replace(/(…|\.\.\.)$/, '').toLowerCase();
}

/** How many results the palette renders; the rest are counted but not drawn. */
export const MAX_RESULTS = 50;

/**
 * Orders entries for a query: recent entries first when the query is empty, otherwise uFuzzy's
 * ranking (typo tolerant, word boundaries first), except that an entry whose label is exactly
 * the query comes first: "new investigation" must not open "New investigation from template…".
 * Returns at most MAX_RESULTS and the total.
 */
export function rankEntries(
  entries: readonly PaletteEntry[],
  query: string,
  recent: readonly string[],
  haystack: readonly string[] = entries.map((entry) => entry.searchText),
): { results: PaletteEntry[]; total: number } {
  const needle = query.trim();
  if (!needle) {
    const position = new Map(recent.map((key, index) => [key, index]));
    const ordered = [...entries].sort(
      (a, b) => (position.get(a.key) ?? 1e9) - (position.get(b.key) ?? 1e9),
    );
    return { results: ordered.slice(0, MAX_RESULTS), total: entries.length };
  }
  const [idxs, info, order] = fuzzy.search(haystack as string[], needle, OUT_OF_ORDER, 1e3);
  // Above 1,000 matches uFuzzy skips ranking: the first matches are shown in their given order.
  const fuzzyRanked = !idxs ? [] : order && info?.idx ? order.map((i) => info.idx[i]!) : idxs;
  // What the server matched by text the browser does not hold comes after the fuzzy matches.
  const matched = new Set(fuzzyRanked);
  const ranked = [
    ...fuzzyRanked,
    ...entries.flatMap((entry, i) => (entry.serverMatch && !matched.has(i) ? [i] : [])),
  ];
  if (ranked.length === 0) return { results: [], total: 0 };
  const folded = needle.toLowerCase();
  const exact = ranked.filter((i) => plainLabel(entries[i]!.label) === folded);
  const picked =
    exact.length > 0 ? [...exact, ...ranked.filter((i) => !exact.includes(i))] : ranked;
  return { results: picked.slice(0, MAX_RESULTS).map((i) => entries[i]!), total: picked.length };
}
