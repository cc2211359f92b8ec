/**
 * The people watched and the cases about them: employees, investigations, notes, templates,
 * checklists, members.
 */

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

/** Someone a held case's evidence names, whose events in its window retention keeps (0025). */
export interface LegalHoldPeopleTable {
  investigation_id: string;
  employee_id: string;
}
