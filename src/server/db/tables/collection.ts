import type { Generated } from 'kysely';

/*
 * What Vigil's own collectors keep per integration (migration 0030).
 */

/** One integration Vigil collects from by itself; times are epoch ms, booleans 0/1. */
export interface IntegrationCollectionsTable {
  integration_id: string;
  enabled: number;
  interval_seconds: number;
  backfill_days: number;
  /** JSON object: the settings that are not secrets (base URLs, organization names). */
  settings: string;
  /** The secrets' JSON, encrypted (AES-256-GCM); null when none is set. */
  secrets: string | null;
  /** JSON object: each secret's last four characters, to tell credentials apart. */
  secret_hints: string;
  /** The vendor's cursor (Okta: the next link); null before the first page. */
  cursor: string | null;
  /** Raised by every cursor write; a write expecting another version is refused. */
  cursor_version: Generated<number>;
  /** idle, polling, backing_off, failing, paused */
  state: string;
  last_poll_at: number | null;
  last_success_at: number | null;
  /** The last error as a sentence for people. */
  last_error: string | null;
  failing_since: number | null;
  /** Failed attempts in a row (backoff grows with them). */
  attempts: Generated<number>;
  next_poll_at: number | null;
  /** The earliest the vendor allows the next request (Retry-After, rate-limit reset). */
  wait_until: number | null;
  /** The newest event time collected: lag is now minus this. */
  newest_event_at: number | null;
  /** Set by Poll now: any process with the lease free polls at once. */
  run_requested_at: number | null;
  /** The process collecting it now (`host/pid/instance`) and until when its lease holds. */
  lease_owner: string | null;
  lease_until: number | null;
  updated_at: number;
}
