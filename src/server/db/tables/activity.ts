import type { Generated, GeneratedAlways } from 'kysely';

/**
 * The events Vigil reads and where they came from: normalized events, integrations, ingest runs.
 */

/** One normalized activity event (see src/shared/events.ts); booleans are 0/1. */
export interface EventsTable {
  id: Generated<number>;
  source: string;
  source_event_id: string;
  integration_id: string | null;
  time: number;
  employee_id: string | null;
  class_uid: number;
  activity_id: number;
  category: string;
  activity: string;
  action: string;
  outcome: string;
  actor_email: string | null;
  actor_id: string | null;
  app: string | null;
  ip: string | null;
  location: string | null;
  file_id: string | null;
  file_name: string | null;
  file_path: string | null;
  file_size: number | null;
  file_label: string | null;
  file_destination: string | null;
  /** JSON array of addresses. */
  email_recipients: string | null;
  email_external: number | null;
  /** JSON array of domains. */
  email_domains: string | null;
  email_subject: string | null;
  email_attachments: number | null;
  email_size: number | null;
  chat_channel: string | null;
  chat_external: number | null;
  chat_direct: number | null;
  chat_text: string | null;
  repository: string | null;
  device_id: string | null;
  device_name: string | null;
  device_managed: number | null;
  device_os: string | null;
  removable_media: number | null;
  process_name: string | null;
  command_line: string | null;
  parent_process: string | null;
  target: string | null;
  /** JSON object. */
  attributes: string;
  /** JSON: the source record as received. */
  raw: string | null;
  ingested_at: number;
  /** The searchable text, folded; derived by the database (migration 0013), never written. */
  search_text: GeneratedAlways<string>;
}

export interface IntegrationsTable {
  id: string;
  name: string;
  /** The source parser id (okta, m365, ...). */
  kind: string;
  enabled: number;
  /** JSON object of source options. */
  options: string;
  /** SHA-256 of the ingest token; the token itself is shown once. */
  token_hash: string | null;
  /** The token's last four characters, to tell tokens apart. */
  token_hint: string | null;
  event_count: number;
  last_sync_at: number | null;
  /** JSON: the last ingest's counts and errors. */
  last_sync_status: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface IngestRunsTable {
  id: Generated<number>;
  integration_id: string | null;
  source: string;
  /** push, upload, cli, generator */
  via: string;
  started_at: number;
  finished_at: number | null;
  /** running, succeeded, rejected, failed */
  status: string;
  accepted: number;
  duplicate: number;
  rejected: number;
  /** JSON array of { position, reason }. */
  errors: string | null;
  /** The process running it, `host/pid/instance` (see crash-recovery/this-process.ts). */
  owner: string | null;
  /** When its process last said it was alive (PostgreSQL only). */
  heartbeat_at: number | null;
  /** The sentence for people when it did not succeed (why it failed or was rejected). */
  message: string | null;
  /** Records read, and those skipped (null before migration 0015). */
  records: number | null;
  skipped: number | null;
  /** JSON [{reason, count}]: skipped records by kind. */
  skips: string | null;
  /** JSON [{source, label, records}]: the formats the records were read as. */
  formats: string | null;
  /** Records set aside in quarantine, and by reason (JSON [{reason, count}]); null before 0029. */
  quarantined: number | null;
  quarantines: string | null;
}

/** A record set aside because it could not become an event (migration 0029). */
export interface QuarantinedRecordsTable {
  id: Generated<number>;
  /** Null for command-line batches. */
  integration_id: string | null;
  run_id: number;
  /** What the batch was read as: a source id or `auto`. */
  source: string;
  /** 1-based line or element of the batch it came in. */
  position: number;
  reason: string;
  /** The record as read, cut at 1 MB; see raw_encoding. */
  raw: string;
  /** `text`: as read; `json`: a JSON string literal (the text held a NUL or lone surrogate). */
  raw_encoding: string;
  /** The record's size before any cut, in UTF-16 units of its text. */
  raw_bytes: number;
  created_at: number;
}

/** An index of `events` set aside during a bulk load, rebuilt after it (migration 0041). */
export interface DeferredIndexesTable {
  name: string;
  /** The CREATE INDEX statement that makes it again, as pg_indexes gave it. */
  definition: string;
  deferred_at: number;
}
