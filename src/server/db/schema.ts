import type { Insertable, Selectable, Updateable } from 'kysely';

import type {
  DeferredIndexesTable,
  EventsTable,
  IntegrationsTable,
  IngestRunsTable,
  QuarantinedRecordsTable,
} from './tables/activity';
import type { IntegrationCollectionsTable } from './tables/collection';
import type { SavedHuntsTable } from './tables/hunting';
import type {
  NotificationChannelsTable,
  NotificationDeliveriesTable,
  NotificationRulesTable,
  UserNotificationsTable,
} from './tables/notifications';
import type {
  UserSettingsTable,
  RolesTable,
  UsersTable,
  UserRolesTable,
  SignInAttemptsTable,
  InstallationSecretsTable,
  SessionsTable,
  ApiTokensTable,
} from './tables/accounts';
import type {
  EmployeesTable,
  InvestigationsTable,
  CaseNotesTable,
  CaseTemplatesTable,
  CaseChecklistTable,
  InvestigationMembersTable,
  LegalHoldPeopleTable,
} from './tables/cases';
import type {
  ConfigurationTable,
  AlertsTable,
  AlertEventsTable,
  DetectionQueueTable,
  EmployeeRiskTable,
  WatchlistsTable,
  WatchlistMembersTable,
  DetectionRulesTable,
  RuleSettingsTable,
} from './tables/detection';
import type {
  AuditLogTable,
  PrivacySettingsTable,
  IdentityRevealsTable,
  PersonViewsTable,
  RetentionGateTable,
  DirectoryVersionTable,
} from './tables/oversight';

/**
 * The tables as Kysely sees them. Times are epoch ms (bigint in PostgreSQL, integer in SQLite),
 * booleans are 0/1 integers in both engines, JSON columns are read through `readJson`.
 */
export interface Database {
  roles: RolesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  employees: EmployeesTable;
  investigations: InvestigationsTable;
  investigation_members: InvestigationMembersTable;
  legal_hold_people: LegalHoldPeopleTable;
  case_notes: CaseNotesTable;
  case_templates: CaseTemplatesTable;
  case_checklist: CaseChecklistTable;
  audit_log: AuditLogTable;
  user_settings: UserSettingsTable;
  events: EventsTable;
  deferred_indexes: DeferredIndexesTable;
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
  integration_collections: IntegrationCollectionsTable;
  quarantined_records: QuarantinedRecordsTable;
  configuration: ConfigurationTable;
  sign_in_attempts: SignInAttemptsTable;
  installation_secrets: InstallationSecretsTable;
  privacy_settings: PrivacySettingsTable;
  identity_reveals: IdentityRevealsTable;
  person_views: PersonViewsTable;
  retention_gate: RetentionGateTable;
  directory_version: DirectoryVersionTable;
  notification_channels: NotificationChannelsTable;
  notification_rules: NotificationRulesTable;
  notification_deliveries: NotificationDeliveriesTable;
  user_notifications: UserNotificationsTable;
  saved_hunts: SavedHuntsTable;
}

export type { EventsTable, IntegrationsTable, IngestRunsTable } from './tables/activity';
export type {
  UserSettingsTable,
  RolesTable,
  UsersTable,
  UserRolesTable,
  SignInAttemptsTable,
  InstallationSecretsTable,
  SessionsTable,
  ApiTokensTable,
} from './tables/accounts';
export type {
  EmployeesTable,
  InvestigationsTable,
  CaseNotesTable,
  CaseTemplatesTable,
  CaseChecklistTable,
  InvestigationMembersTable,
  LegalHoldPeopleTable,
} from './tables/cases';
export type {
  ConfigurationTable,
  AlertsTable,
  AlertEventsTable,
  DetectionQueueTable,
  EmployeeRiskTable,
  WatchlistsTable,
  WatchlistMembersTable,
  DetectionRulesTable,
  RuleSettingsTable,
} from './tables/detection';
export type {
  AuditLogTable,
  PrivacySettingsTable,
  IdentityRevealsTable,
  PersonViewsTable,
  RetentionGateTable,
  DirectoryVersionTable,
} from './tables/oversight';

export type UserRow = Selectable<UsersTable>;
export type EmployeeRow = Selectable<EmployeesTable>;
export type InvestigationRow = Selectable<InvestigationsTable>;
export type NewInvestigation = Insertable<InvestigationsTable>;
export type InvestigationUpdate = Updateable<InvestigationsTable>;
export type RoleRow = Selectable<RolesTable>;
