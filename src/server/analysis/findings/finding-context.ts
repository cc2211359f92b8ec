import type { Kysely } from 'kysely';

import type { Configuration } from '../../../shared/schemas/configuration';
import type { Investigation } from '../../../shared/schemas/investigations';
import type { Dialect } from '../../db/dialect';
import type { RollupBuild } from '../../db/queries/findings/rollups';
import type { FindingsWindow } from '../../db/queries/findings/window-facts';
import type { Database, EmployeeRow } from '../../db/schema';
import type { IdentityPolicy } from '../../privacy/identity-policy';
import { ensureRollups } from './rollups/refresh-rollups';
import type { RollupSettings } from './rollups/refresh-rollups';
import { hoursOf, offsetIntervals, zoneOf } from '../../../shared/time/local-time';

/** Everything a detector needs: the case, its subject, the settings and the window. */
export interface FindingContext {
  db: Kysely<Database>;
  dialect: Dialect;
  investigation: Investigation;
  subject: EmployeeRow;
  config: Configuration;
  /** The part of the investigation's window this request covers. */
  window: FindingsWindow;
  timezone: string;
  /** The working hours off-hours are measured against, and where they come from. */
  hours: { startHour: number; endHour: number; declared: boolean };
  /** The rollup settings for this subject over the window (for the partial days at its edges). */
  build: RollupBuild;
  /** How people show in what the detectors return (the request's identity policy). */
  identity: IdentityPolicy;
}

/** What a finding context is built from: the case as shown, its subject and the settings. */
export interface FindingScope {
  investigation: Investigation;
  subject: EmployeeRow;
  config: Configuration;
}

/**
 * The one place a finding context is made: brings the subject's rollups up to date and sets
 * the hours and rollup settings for the window. The case is loaded (and its visibility
 * checked) by its caller: case/finding-context.ts for a request, the analysis run for itself.
 */
export async function buildFindingContext(
  handle: { db: Kysely<Database>; dialect: Dialect },
  scope: FindingScope,
  window: FindingsWindow,
  identity: IdentityPolicy,
): Promise<FindingContext> {
  const { db, dialect } = handle;
  const { investigation, subject, config } = scope;
  const settings = rollupSettingsFor(subject, config);
  await ensureRollups(db, dialect, subject.id, settings);
  const hours = {
    startHour: settings.startHour,
    endHour: settings.endHour,
    declared: subject.work_start_hour !== null && subject.work_end_hour !== null,
  };
  const build = rollupBuildFor(subject.id, dialect, settings, window);
  return {
    db,
    dialect,
    investigation,
    subject,
    config,
    window,
    timezone: settings.timezone,
    hours,
    build,
    identity,
  };
}

/** What an employee's rollups are built with: their zone and hours, or the defaults. */
export function rollupSettingsFor(employee: EmployeeRow, config: Configuration): RollupSettings {
  const owner = {
    timezone: employee.timezone,
    workStartHour: employee.work_start_hour,
    workEndHour: employee.work_end_hour,
  };
  return {
    timezone: zoneOf(owner, config),
    ...hoursOf(owner, config),
    competitors: config.competitors,
    companyDomains: config.companyDomains,
    sensitivityLabels: config.sensitivityLabels,
  };
}

/** The rollup statements' settings for one employee over a window. */
export function rollupBuildFor(
  employeeId: string,
  dialect: Dialect,
  settings: RollupSettings,
  window: FindingsWindow,
): RollupBuild {
  return {
    employeeId,
    dialect,
    companyDomains: settings.companyDomains,
    clock: {
      offsets: offsetIntervals(settings.timezone, window.start, window.end),
      startHour: settings.startHour,
      endHour: settings.endHour,
    },
  };
}
