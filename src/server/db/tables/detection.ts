/**
 * Detection over the organization: its configuration, alerts, the queue, risk, watchlists and
 * rules.
 */

/** One row (id 1): the detection configuration as JSON. */
export interface ConfigurationTable {
  id: number;
  value: string;
  updated_by: string | null;
  updated_at: number;
}

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
  /** Alerts about them waiting for triage (new or in review). */
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
  /** Why detection switched the rule off (migration 0026); null when a person switched it. */
  disabled_reason: string | null;
}
