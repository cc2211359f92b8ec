import type SQLite from 'better-sqlite3';

import { inNetwork, parseNetwork } from './ip-networks';
import type { IpNetwork } from './ip-networks';

/** vigil_matches(value, pattern, flags): 1 when a JavaScript regular expression finds a match. */
export const MATCHES_FUNCTION = 'vigil_matches';

/** vigil_in_cidr(ip, network): 1 when the address lies in the network, 0 otherwise. */
export const IN_CIDR_FUNCTION = 'vigil_in_cidr';

/** Compiled patterns and parsed networks are kept, so a rule compiles each once, not per row. */
const CACHE_LIMIT = 500;

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** A value SQLite hands a function as text: numbers (JSON numbers of attributes) written out. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/**
 * SQLite has no regular expressions and no network type, and keeps no functions in the
 * database file: registers the two that detection rules use (`matches` and `cidr`, see
 * compile-filter.ts) on a connection. PostgreSQL uses `~` / `~*` and the SQL function of
 * migration 0016 instead. A NULL value gives NULL, like the engine's own operators.
 */
export function registerSqlFunctions(sqlite: SQLite.Database): void {
  const patterns = new Map<string, RegExp>();
  const networks = new Map<string, IpNetwork | null>();
  sqlite.function(
    MATCHES_FUNCTION,
    { deterministic: true },
    (value: unknown, pattern: unknown, flags: unknown) => {
      const subject = asText(value);
      if (subject === null) return null;
      const source = asText(pattern) ?? '';
      const options = asText(flags) ?? '';
      const regex = cached(patterns, `${options}/${source}`, () => new RegExp(source, options));
      return regex.test(subject) ? 1 : 0;
    },
  );
  sqlite.function(IN_CIDR_FUNCTION, { deterministic: true }, (value: unknown, network: unknown) => {
    const address = asText(value);
    const text = asText(network);
    if (address === null || text === null) return null;
    const parsed = cached(networks, text, () => parseNetwork(text));
    return parsed !== null && inNetwork(address, parsed) ? 1 : 0;
  });
}
