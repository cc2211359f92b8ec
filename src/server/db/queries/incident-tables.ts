import type { Kysely } from 'kysely';

import type { Database } from '../schema';

/** An incident raised by a detection rule (migration 0005). */
export interface IncidentsTable {
  id: string;
  investigation_id: string;
  rule_id: string;
  fingerprint: string;
  title: string;
  description: string;
  severity: string;
  status: string;
  status_reason: string | null;
  status_by: string | null;
  status_at: number | null;
  /** JSON array of technique ids. */
  techniques: string;
  first_seen: number;
  last_seen: number;
  why: string;
  event_count: number;
  created_at: number;
  updated_at: number;
}

/** An event on an incident's timeline. */
export interface IncidentEventsTable {
  incident_id: string;
  event_id: number;
  time: number;
}

/** The last risk assessment of an investigation, with its explanation. */
export interface RiskAssessmentsTable {
  investigation_id: string;
  score: number;
  computed_level: string;
  /** JSON array of RiskPart. */
  parts: string;
  computed_at: number;
}

/** A risk level someone set by hand on a case, and who and when (migration 0011). */
export interface RiskOverridesTable {
  investigation_id: string;
  level: string;
  set_by: string;
  set_at: number;
}

/** The tables migration 0005 adds (a type alias: Kysely's withTables wants an index-compatible type). */
export type IncidentTables = {
  incidents: IncidentsTable;
  incident_events: IncidentEventsTable;
  risk_assessments: RiskAssessmentsTable;
  risk_overrides: RiskOverridesTable;
};

/** The database with the incident tables, for queries about incidents. */
export type IncidentsDb = Kysely<Database & IncidentTables>;

/** Widens the app's database type with the incident tables (the schema file is shared). */
export function incidentsDb(db: Kysely<Database>): IncidentsDb {
  return db.withTables<IncidentTables>();
}
