import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';

import type { Dialect } from './dialect';
import { platformMigration } from './migrations/0001-platform';
import { userSettingsMigration } from './migrations/0002-user-settings';
import { activityMigration } from './migrations/0003-activity';
import { evidenceMigration } from './migrations/0004-evidence';
import { incidentsMigration } from './migrations/0005-incidents';
import { fileKeysMigration } from './migrations/0006-file-keys';
import { signInAttemptsMigration } from './migrations/0007-sign-in-attempts';
import { runOwnersMigration } from './migrations/0008-run-owners';
import { foldCaseMigration } from './migrations/0009-fold-case';
import { temporaryPasswordsMigration } from './migrations/0010-temporary-passwords';
import { riskOverridesMigration } from './migrations/0011-risk-overrides';
import { eventSearchTextMigration } from './migrations/0013-event-search-text';
import { employeeAliasesMigration } from './migrations/0014-employee-aliases';
import { runCountsMigration } from './migrations/0015-run-counts';
import { sigmaFunctionsMigration } from './migrations/0016-sigma-functions';
import { alertsMigration } from './migrations/0017-alerts';
import { caseRecordMigration } from './migrations/0018-case-record';
import { privacyMigration } from './migrations/0019-privacy';
import { directoryVersionMigration } from './migrations/0021-directory-version';
import { auditDetailIndexesMigration } from './migrations/0022-audit-detail-indexes';
import { legalHoldMigration } from './migrations/0025-legal-hold';
import { ruleDisabledReasonMigration } from './migrations/0026-rule-disabled-reason';
import { quarantineMigration } from './migrations/0029-quarantine';
import { integrationCollectionsMigration } from './migrations/0030-integration-collections';
import { huntingMigration } from './migrations/0033-hunting';
import { notificationsMigration } from './migrations/0034-notifications';
import { apiTokensMigration } from './migrations/0035-api-tokens';
import { eventTextIndexMigration } from './migrations/0037-event-text-index';
import { huntKeywordIndexesMigration } from './migrations/0038-hunt-keyword-indexes';
import { huntLookupsMigration } from './migrations/0040-hunt-lookups';
import { deferredIndexesMigration } from './migrations/0041-deferred-indexes';
import { appUsersIndexMigration } from './migrations/0042-app-users-index';
import { huntFileLabelMigration } from './migrations/0043-hunt-file-label';
import { huntActivityAppMigration } from './migrations/0044-hunt-activity-app';
import { huntPostgresFileLabelMigration } from './migrations/0045-hunt-postgres-file-label';
import { maxEventIdMigration } from './migrations/0046-max-event-id';
import { huntPostgresRepositoryMigration } from './migrations/0047-hunt-postgres-repository';
import { departureRowsMigration } from './migrations/0049-departure-rows';
import { huntRememberedLabelsMigration } from './migrations/0053-hunt-remembered-labels';
import { eventIdMarksMigration } from './migrations/0054-event-id-marks';
import { eventsLz4Migration } from './migrations/0055-events-lz4';

/** The migrations in order. Names are frozen once released. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-platform': platformMigration(dialect),
    '0002-user-settings': userSettingsMigration(dialect),
    '0003-activity': activityMigration(dialect),
    '0004-evidence': evidenceMigration(dialect),
    '0005-incidents': incidentsMigration(dialect),
    '0006-file-keys': fileKeysMigration(),
    '0007-sign-in-attempts': signInAttemptsMigration(),
    '0008-run-owners': runOwnersMigration(),
    '0009-fold-case': foldCaseMigration(dialect),
    '0010-temporary-passwords': temporaryPasswordsMigration(),
    '0011-risk-overrides': riskOverridesMigration(),
    '0013-event-search-text': eventSearchTextMigration(dialect),
    '0014-employee-aliases': employeeAliasesMigration(),
    '0015-run-counts': runCountsMigration(dialect),
    '0016-sigma-functions': sigmaFunctionsMigration(dialect),
    '0017-alerts': alertsMigration(dialect),
    '0018-case-record': caseRecordMigration(dialect),
    '0019-privacy': privacyMigration(dialect),
    '0021-directory-version': directoryVersionMigration(dialect),
    '0022-audit-detail-indexes': auditDetailIndexesMigration(dialect),
    '0025-legal-hold': legalHoldMigration(),
    '0026-rule-disabled-reason': ruleDisabledReasonMigration(),
    '0029-quarantine': quarantineMigration(dialect),
    '0030-integration-collections': integrationCollectionsMigration(dialect),
    '0033-hunting': huntingMigration(dialect),
    '0034-notifications': notificationsMigration(dialect),
    '0035-api-tokens': apiTokensMigration(dialect),
    '0037-event-text-index': eventTextIndexMigration(dialect),
    '0038-hunt-keyword-indexes': huntKeywordIndexesMigration(dialect),
    '0040-hunt-lookups': huntLookupsMigration(dialect),
    '0041-deferred-indexes': deferredIndexesMigration(),
    '0042-app-users-index': appUsersIndexMigration(),
    '0043-hunt-file-label': huntFileLabelMigration(dialect),
    '0044-hunt-activity-app': huntActivityAppMigration(dialect),
    '0045-hunt-postgres-file-label': huntPostgresFileLabelMigration(dialect),
    '0046-max-event-id': maxEventIdMigration(dialect),
    '0047-hunt-postgres-repository': huntPostgresRepositoryMigration(dialect),
    '0049-departure-rows': departureRowsMigration(dialect),
    '0053-hunt-remembered-labels': huntRememberedLabelsMigration(dialect),
    '0054-event-id-marks': eventIdMarksMigration(dialect),
    '0055-events-lz4': eventsLz4Migration(dialect),
  };
}

/** The names of every migration, in order. */
export function migrationNames(dialect: Dialect): string[] {
  return Object.keys(migrations(dialect));
}

/**
 * Brings the schema up to date. Kysely takes a lock (an advisory lock on PostgreSQL), so two
 * processes starting together run each migration once.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was, not as it is
  db: Kysely<any>,
  dialect: Dialect,
  /** PostgreSQL schema holding the tables; Kysely would otherwise find another schema's. */
  schema?: string,
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations(dialect)) };
  const migrator = new Migrator({
    db,
    provider,
    // A database may hold a later migration than one added since (0014 came after 0015 ran).
    allowUnorderedMigrations: true,
    ...(dialect === 'postgres' ? { migrationTableSchema: schema ?? 'public' } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error)
    throw error instanceof Error ? error : new Error(`Migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
