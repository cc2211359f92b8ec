import type { Kysely } from 'kysely';

import type { Database } from '../../schema';

/** An evidence pin (migration 0004, rebuilt by 0018). */
export interface PinsTable {
  id: string;
  investigation_id: string;
  /** `events` (event ids) or `finding` (a finding row by its key); older pins: event, file... */
  kind: string;
  ref: string;
  label: string;
  /** The evidence page it was pinned from. */
  page: string | null;
  /** JSON: what the server captured (canonical JSON, RFC 8785), or the browser's snapshot for pins of before 0018. */
  content: string;
  /** SHA-256 of the content's canonical form; null for pins the browser described (before 0018). */
  content_sha256: string | null;
  /** JSON array of `{ eventId, sha256 }`: the SHA-256 of each pinned event's raw record. */
  raw_hashes: string;
  /** `server`, or `client` for pins made before the server captured them. */
  captured_by: string;
  note: string;
  created_by: string;
  created_at: number;
  /** A tombstone: when, by whom and why the pin was removed. */
  removed_at: number | null;
  removed_by: string | null;
  removed_reason: string | null;
}

/** Which events of an employee the rollups include, and under which settings they were built. */
export interface RollupStateTable {
  employee_id: string;
  params: string;
  last_event_id: number;
  refreshed_at: number;
}

/** Events of one employee per UTC day and dimension; '' stands for a missing value. */
export interface EventDailyTable {
  employee_id: string;
  day: number;
  category: string;
  activity: string;
  app: string;
  label: string;
  destination: string;
  /** The repository, or the process image, the event is about. */
  item: string;
  outcome: string;
  n: number;
  bytes: number;
  /** Events outside the employee's working hours, in their own time zone. */
  off_hours: number;
  first_time: number;
  last_time: number;
}

/** Events of one employee per UTC half hour (starting at `bucket`). */
export interface EventHalfhoursTable {
  employee_id: string;
  bucket: number;
  n: number;
}

/** Who an employee wrote to, shared with or talked in, per UTC day. */
export interface EventContactsTable {
  employee_id: string;
  day: number;
  /** An email address, or a chat channel name. */
  counterpart: string;
  /** email, share or channel. */
  kind: string;
  external: number;
  n: number;
  first_time: number;
  last_time: number;
}

/** Events worth listing, found once by the analysis step (competitor mentions, suspicious commands...). */
export interface EventFlagsTable {
  employee_id: string;
  flag: string;
  time: number;
  event_id: number;
  detail: string;
}

/** Deletions of an employee per UTC hour (hours since the epoch); mail counts items. */
export interface EventDeletionHoursTable {
  employee_id: string;
  hour: number;
  files: number;
  mail: number;
  messages: number;
  labelled: number;
}

/** One file over all of an employee's events. */
export interface EventFilesTable {
  employee_id: string;
  file_key: string;
  name: string | null;
  path: string | null;
  /** '' when unlabeled. */
  label: string;
  events: number;
  downloads: number;
  shares: number;
  leaving: number;
  /** Comma-separated destinations the file went to. */
  destinations: string;
  first_time: number;
  last_time: number;
}

/** The label a file carries elsewhere in the employee's activity, for events that lost it (USB copies). */
export interface EventFileLabelsTable {
  employee_id: string;
  file_name: string;
  label: string;
}

/** The tables migration 0004 adds. */
export type FindingTables = {
  pins: PinsTable;
  rollup_state: RollupStateTable;
  event_daily: EventDailyTable;
  event_halfhours: EventHalfhoursTable;
  event_contacts: EventContactsTable;
  event_flags: EventFlagsTable;
  event_file_labels: EventFileLabelsTable;
  event_files: EventFilesTable;
  event_deletion_hours: EventDeletionHoursTable;
};

/** The database with the finding tables, for queries in this folder. */
export type FindingsDb = Kysely<Database & FindingTables>;

/** The finding database seen as the app's (it is a superset), for queries typed on the app's tables. */
export function asAppDb(db: FindingsDb): Kysely<Database> {
  return db;
}

/** Widens the app's database type with the finding tables (the schema file is shared). */
export function findingsDb(db: Kysely<Database>): FindingsDb {
  return db.withTables<FindingTables>();
}
