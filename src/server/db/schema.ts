import type { Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The tables as Kysely sees them. Times are epoch ms (bigint in PostgreSQL, integer in SQLite),
 * booleans are 0/1 integers in both engines, JSON columns are read through `readJson`.
 */
export interface Database {
  roles: RolesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  employees: EmployeesTable;
  investigations: InvestigationsTable;
  investigation_members: InvestigationMembersTable;
  case_notes: CaseNotesTable;
  case_templates: CaseTemplatesTable;
  case_checklist: CaseChecklistTable;
  audit_log: AuditLogTable;
  user_settings: UserSettingsTable;
  events: EventsTable;
  alerts: AlertsTable;
  alert_events: AlertEventsTable;
  detection_queue: DetectionQueueTable;
  employee_risk: EmployeeRiskTable;
  watchlists: WatchlistsTable;
  watchlist_members: WatchlistMembersTable;
  detection_rules: DetectionRulesTable;
  rule_settings: RuleSettingsTable;
  integrations: IntegrationsTable;
  ingest_runs: IngestRunsTable;
  configuration: ConfigurationTable;
  sign_in_attempts: SignInAttemptsTable;
  installation_secrets: InstallationSecretsTable;
  privacy_settings: PrivacySettingsTable;
  identity_reveals: IdentityRevealsTable;
  person_views: PersonViewsTable;
  retention_gate: RetentionGateTable;
  directory_version: DirectoryVersionTable;
}

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
}

/** One row (id 1): the detection configuration as JSON. */
export interface ConfigurationTable {
  id: number;
  value: string;
  updated_by: string | null;
  updated_at: number;
}

export interface UserSettingsTable {
  user_id: string;
  /** JSON document (UserSettings). */
  settings: string;
  updated_at: number;
}

export interface RolesTable {
  id: string;
  name: string;
  description: string;
  /** JSON array of permission ids. */
  permissions: string;
  built_in: number;
  created_at: number;
  updated_at: number;
}

export interface UsersTable {
  id: string;
  email: string;
  display_name: string;
  password_hash: string | null;
  disabled: number;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
  /** 1 while the password is one an admin set (new user, reset): its owner must change it. */
  password_temporary: Generated<number>;
}

export interface UserRolesTable {
  user_id: string;
  role_id: string;
}

/** A sign-in counter (src/server/accounts/sign-in-throttle.ts); the key is a digest, never an identifier. */
export interface SignInAttemptsTable {
  key: string;
  attempts: number;
  last_at: number;
  /** When the row may be pruned. */
  expires_at: number;
}

/** Random secrets made on first use, e.g. the key of the sign-in digests. */
export interface InstallationSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

export interface EmployeesTable {
  id: string;
  full_name: string;
  email: string;
  department: string | null;
  title: string | null;
  manager_id: string | null;
  location: string | null;
  timezone: string | null;
  work_start_hour: number | null;
  work_end_hour: number | null;
  start_date: string | null;
  resignation_date: string | null;
  departure_date: string | null;
  /** JSON text: other emails and account names HR gives the person (migration 0014). */
  aliases: string | null;
  created_at: number;
  updated_at: number;
}

export interface InvestigationsTable {
  id: string;
  title: string;
  description: string;
  subject_employee_id: string;
  status: string;
  risk_level: string;
  risk_score: number;
  type: string;
  assignee_user_id: string | null;
  window_start: number;
  window_end: number;
  created_by: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
  closed_at: number | null;
  analysis_state: string;
  analysis_updated_at: number | null;
  /** The process running its analysis while `running`, `host/pid/instance`. */
  analysis_owner: string | null;
  /** When that process last said it was alive (PostgreSQL only). */
  analysis_heartbeat_at: number | null;
  /** How the case was closed (see caseOutcomes), and why; null while open. */
  outcome: string | null;
  outcome_reason: string | null;
  /** The template the case was opened from. */
  template_id: string | null;
  /** A legal hold (migration 0019): kept past retention until lifted; null when none. */
  legal_hold_at: number | null;
  legal_hold_by: string | null;
  legal_hold_reason: string | null;
}

/** A note on a case (migration 0018): append-only, a correction names the note it amends. */
export interface CaseNotesTable {
  id: string;
  investigation_id: string;
  /** Markdown. */
  body: string;
  amends_note_id: string | null;
  created_by: string;
  created_at: number;
}

/** A case template (migration 0018). */
export interface CaseTemplatesTable {
  id: string;
  name: string;
  description: string;
  case_type: string;
  /** The default window: this many days back from today. */
  window_days: number;
  /** JSON array of `{ id, label }`. */
  steps: string;
  /** JSON array of evidence page slugs to review. */
  evidence_pages: string;
  /** JSON array of report section ids. */
  report_sections: string;
  /** 1 for the templates Vigil ships. */
  shipped: number;
  created_by: string | null;
  created_at: number;
  updated_by: string | null;
  updated_at: number;
}

/** A case's own copy of its template's checklist (migration 0018). */
export interface CaseChecklistTable {
  investigation_id: string;
  step_id: string;
  position: number;
  label: string;
  done_at: number | null;
  done_by: string | null;
}

export interface InvestigationMembersTable {
  investigation_id: string;
  user_id: string;
  added_by: string;
  added_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON object or null. */
  details: string | null;
  ip: string | null;
  user_agent: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type EmployeeRow = Selectable<EmployeesTable>;
export type InvestigationRow = Selectable<InvestigationsTable>;
export type NewInvestigation = Insertable<InvestigationsTable>;
export type InvestigationUpdate = Updateable<InvestigationsTable>;
export type RoleRow = Selectable<RolesTable>;

/** What detection over the organization raised about a person (migration 0017). */
export interface AlertsTable {
  id: string;
  rule_id: string;
  title: string;
  description: string;
  employee_id: string;
  severity: string;
  /** 0 low .. 3 critical, for sorting worst first. */
  severity_rank: number;
  status: string;
  reason: string | null;
  assignee_id: string | null;
  investigation_id: string | null;
  /** JSON array of ATT&CK technique ids. */
  techniques: string;
  /** JSON array of Insider Threat Matrix section ids. */
  itm: string;
  why: string;
  first_time: number;
  last_time: number;
  event_count: number;
  created_at: number;
  updated_at: number;
}

/** The events behind an alert. */
export interface AlertEventsTable {
  alert_id: string;
  event_id: number;
  time: number;
}

/** People whose events arrived and wait for detection, with the span those events cover. */
export interface DetectionQueueTable {
  employee_id: string;
  from_time: number;
  to_time: number;
  queued_at: number;
  claimed_by: string | null;
  claimed_at: number | null;
}

/** A person's risk score from their alerts and signals (migration 0017). */
export interface EmployeeRiskTable {
  employee_id: string;
  score: number;
  level: string;
  /** JSON array of the score's parts (RiskPart). */
  parts: string;
  /** Alerts about them not dismissed. */
  open_alerts: number;
  computed_at: number;
}

/** A list of people an admin keeps, for detection to watch (migration 0017). */
export interface WatchlistsTable {
  id: string;
  name: string;
  description: string;
  created_by: string | null;
  created_at: number;
}

/** Who is on a kept list. */
export interface WatchlistMembersTable {
  watchlist_id: string;
  employee_id: string;
  added_at: number;
}

/** A rule text added on the Detection rules screen (migration 0017). */
export interface DetectionRulesTable {
  id: string;
  format: string;
  source: string;
  /** JSON array: the ids of the rules the text compiles to. */
  rule_ids: string;
  created_by: string | null;
  created_at: number;
}

/** A rule switched on or off by an admin. */
export interface RuleSettingsTable {
  rule_id: string;
  enabled: number;
  updated_by: string | null;
  updated_at: number;
}

/** Privacy settings (migration 0019), one row with id 1; see src/shared/schemas/privacy.ts. */
export interface PrivacySettingsTable {
  id: number;
  /** JSON object. */
  value: string;
  updated_by: string | null;
  updated_at: number;
}

/** A request to reveal one person's identity in one case (migration 0019). */
export interface IdentityRevealsTable {
  id: string;
  investigation_id: string;
  employee_id: string;
  purpose: string;
  /** pending, granted, denied, withdrawn */
  status: string;
  requested_by: string;
  requested_at: number;
  decided_by: string | null;
  decided_at: number | null;
  decision_reason: string | null;
  expires_at: number | null;
  expiry_audited_at: number | null;
}

/** Reads of a person's data, counted per user, person, case ('' for none), kind and UTC day. */
export interface PersonViewsTable {
  user_id: string;
  employee_id: string;
  investigation_id: string;
  kind: string;
  day: string;
  views: number;
  first_at: number;
  last_at: number;
}

/** The retention job's permission to delete audit entries older than `audit_before`. */
export interface RetentionGateTable {
  id: number;
  audit_before: number;
}

/** Raised by triggers on every write to employees or users: the redactor's index is rebuilt. */
export interface DirectoryVersionTable {
  id: number;
  version: number;
}
