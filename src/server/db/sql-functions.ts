import type SQLite from 'better-sqlite3';
import { RE2JS } from 're2js';

import { inNetwork, parseNetwork } from './ip-networks';
import type { IpNetwork } from './ip-networks';

/**
 * vigil_matches(value, pattern, flags, deadline): 1 when an RE2 pattern (regex-subset.ts writes
 * a rule's JavaScript pattern as one) finds a match in the value's first MAX_MATCHED_CHARS
 * characters. `deadline` names a deadline set with {@link setMatchDeadline}, or is empty.
 */
export const MATCHES_FUNCTION = 'vigil_matches';

/**
 * The most characters of a value a rule's pattern reads, on both engines (PostgreSQL reads a
 * substr): the longest Windows command line (32,767) fits. Linear time is still time.
 */
export const MAX_MATCHED_CHARS = 32_768;

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

/** Compiles an RE2 pattern (flags: `i` or nothing); throws when RE2 cannot hold it. */
export function compileMatcher(pattern: string, flags: string): RE2JS {
  return RE2JS.compile(
    pattern,
    RE2JS.LOOKBEHINDS | (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0),
  );
}

/** Thrown out of a statement by vigil_matches once the run it serves has passed its deadline. */
export class MatchDeadlineExceeded extends Error {
  constructor() {
    super('A rule ran past its deadline.');
  }
}

const deadlines = new Map<string, number>();

/**
 * Gives the statements that pass `key` to vigil_matches a deadline (epoch ms): past it, the
 * next match throws {@link MatchDeadlineExceeded} and the statement stops. SQLite runs in this
 * thread, so nothing else could interrupt it. {@link clearMatchDeadline} when done.
 */
export function setMatchDeadline(key: string, at: number): void {
  deadlines.set(key, at);
}

/** Forgets a deadline set with {@link setMatchDeadline}. */
export function clearMatchDeadline(key: string): void {
  deadlines.delete(key);
}

/**
 * vigil_deadline(key): 1 until the deadline named `key` ({@link setMatchDeadline}) passes, then
 * throws {@link MatchDeadlineExceeded}. A condition that calls it on every row a statement
 * reads stops that statement at the deadline: SQLite has no progress handler in
 * better-sqlite3, and runs in this thread where nothing else could interrupt it (hunting, issue 28).
 */
export const DEADLINE_FUNCTION = 'vigil_deadline';

/**
 * vigil_tally(key, ...): how many rows gave each distinct tuple of its arguments, as a JSON
 * array of [[key, ...], count]. A GROUP BY that SQLite would sort row by row (1M rows: 1.4 s
 * of sorting), for an aggregate whose keys are few (a case's counting pass, case-counting-pass.ts).
 */
export const TALLY_FUNCTION = 'vigil_tally';

/** A value SQLite hands a function as text: numbers (JSON numbers of attributes) written out. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/**
 * SQLite has no regular expressions and no network type, and keeps no functions in the
 * database file: registers the two that detection rules use (`matches` and `cidr`, see
 * compile-filter.ts) on a connection. Patterns run on RE2 (re2js), in time linear in the text:
 * JavaScript's backtracking engine took minutes over one row for `(\w+)+#`. PostgreSQL uses `~` / `~*` and the SQL function of
 * migration 0016 instead. A NULL value gives NULL, like the engine's own operators.
 */
export function registerSqlFunctions(sqlite: SQLite.Database): void {
  const patterns = new Map<string, RE2JS>();
  const networks = new Map<string, IpNetwork | null>();
  sqlite.function(
    MATCHES_FUNCTION,
    { deterministic: true, varargs: true },
    (value: unknown, pattern: unknown, flags: unknown, deadline?: unknown) => {
      const subject = asText(value);
      if (subject === null) return null;
      const key = asText(deadline);
      if (key && Date.now() > (deadlines.get(key) ?? Infinity)) throw new MatchDeadlineExceeded();
      const source = asText(pattern) ?? '';
      const options = asText(flags) ?? '';
      const regex = cached(patterns, `${options}/${source}`, () => compileMatcher(source, options));
      const text =
        subject.length > MAX_MATCHED_CHARS ? subject.slice(0, MAX_MATCHED_CHARS) : subject;
      return regex.test(text) ? 1 : 0;
    },
  );
  let calls = 0;
  sqlite.function(DEADLINE_FUNCTION, { deterministic: false }, (deadline: unknown) => {
    // The clock is read every 256 rows: a row costs far less than the time between.
    if ((calls = (calls + 1) % 256) !== 0) return 1;
    const key = asText(deadline);
    if (key && Date.now() > (deadlines.get(key) ?? Infinity)) throw new MatchDeadlineExceeded();
    return 1;
  });
  sqlite.aggregate(TALLY_FUNCTION, {
    varargs: true,
    start: () => new Map<string, { key: unknown[]; n: number }>(),
    step: (tally: Map<string, { key: unknown[]; n: number }>, ...key: unknown[]) => {
      const text = key.join('\u0000');
      const entry = tally.get(text);
      if (entry) entry.n++;
      else tally.set(text, { key, n: 1 });
    },
    result: (tally: Map<string, { key: unknown[]; n: number }>) =>
      JSON.stringify([...tally.values()].map(({ key, n }) => [key, n])),
  });
  sqlite.function(IN_CIDR_FUNCTION, { deterministic: true }, (value: unknown, network: unknown) => {
    const address = asText(value);
    const text = asText(network);
    if (address === null || text === null) return null;
    const parsed = cached(networks, text, () => parseNetwork(text));
    return parsed !== null && inNetwork(address, parsed) ? 1 : 0;
  });
}
