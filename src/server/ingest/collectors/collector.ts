/*
 * What every vendor's collector is to the framework: it reads pages from its cursor and hands
 * each page with its next cursor to `commitPage`, which writes both in one transaction. How a
 * poll ended tells the scheduler when to come back.
 */

/** What a collector gets for one poll or test. */
export interface CollectorContext {
  /** Settings and decrypted secrets, by name (defaults filled in). */
  settings: Readonly<Record<string, string>>;
  backfillDays: number;
  /** The cursor saved last (null before the first page). */
  cursor: string | null;
  /** VIGIL_ALLOW_HTTP_CONNECTORS: plain http and private addresses allowed. */
  allowInsecure: boolean;
  now(): number;
  /** Stores the page's records and its next cursor in one transaction. */
  commitPage(records: unknown[], cursor: string, newestEventAt: number | null): Promise<void>;
  /** Moves the cursor without records (an empty page, the first run's start). */
  saveCursor(cursor: string): Promise<void>;
  /** True once the server is closing: stop between pages (the cursor is safe). */
  stopping(): boolean;
}

/** How a poll ended. `notBefore`: the vendor asked for no request before then. */
export type PollOutcome =
  /** Caught up (the vendor had nothing more). */
  | { kind: 'caught-up'; pages: number; records: number; notBefore?: number }
  /** Stopped with more to read (closing, or the vendor's rate limit is used up). */
  | { kind: 'more'; pages: number; records: number; notBefore?: number }
  /** Throttled (429): wait until `notBefore`, then go on from the cursor. */
  | { kind: 'throttled'; message: string; notBefore: number }
  /** 5xx or the network: try again later with backoff. */
  | { kind: 'retry'; message: string; notBefore?: number }
  /** The vendor refused the credentials (401/403): stop until they change. */
  | { kind: 'denied'; message: string }
  /** The vendor answered something Vigil cannot use: failing, retried with backoff. */
  | { kind: 'broken'; message: string };

/** A vendor API Vigil collects from by itself. */
export interface Collector {
  /** Reads from the cursor until caught up (or told to stop). */
  poll(context: CollectorContext): Promise<PollOutcome>;
  /** One cheap request with the credentials: can Vigil read the log? */
  test(context: CollectorContext): Promise<{ ok: boolean; message: string }>;
  /**
   * What the generic checks cannot see (a key file's contents, a list of names): the field and
   * a sentence when a setting cannot be used, or null. Run before anything is stored.
   */
  checkSettings?(
    settings: Readonly<Record<string, string>>,
    allowInsecure: boolean,
  ): { field: string; problem: string } | null;
}
