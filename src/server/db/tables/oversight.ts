import type { Generated } from 'kysely';

/**
 * Watching the watchers: the audit log, privacy settings, reveals of identity, reads of a person,
 * retention.
 */

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
