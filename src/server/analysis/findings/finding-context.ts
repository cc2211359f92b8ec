import type { Kysely } from 'kysely';

import type { Configuration } from '../../../shared/schemas/configuration';
import type { Investigation } from '../../../shared/schemas/investigations';
import { isValidTimeZone } from '../../../shared/time/zones';
import type { Viewer } from '../../accounts/viewer';
import type { Dialect } from '../../db/dialect';
import { getConfiguration } from '../../db/queries/configuration';
import { findEmployee } from '../../db/queries/employees';
import type { RollupBuild } from '../../db/queries/findings/rollups';
import type { FindingsWindow } from '../../db/queries/findings/window-facts';
import type { Database, EmployeeRow } from '../../db/schema';
import { invalid } from '../../domain-error';
import { loadInvestigation } from '../../case/load-investigation';
import type { IdentityPolicy } from '../../privacy/identity-policy';
import { ensureRollups } from './rollups/refresh-rollups';
import type { RollupSettings } from './rollups/refresh-rollups';
import { offsetIntervals } from './rollups/zone-intervals';

const DAY_MS = 86_400_000;

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

/**
 * Resolves `?window=` against the investigation's window: `all` (or nothing) is the whole
 * window, `30d` its last thirty days.
 */
export function resolveWindow(
  investigation: Pick<Investigation, 'windowStart' | 'windowEnd'>,
  param: string | undefined,
): FindingsWindow {
  const end = investigation.windowEnd;
  if (param === undefined || param === 'all') return { start: investigation.windowStart, end };
  const match = /^([1-9]\d{0,2})d$/.exec(param);
  const days = match ? Number(match[1]) : Number.NaN;
  if (!(days >= 1 && days <= 366)) {
    throw invalid(
      'The window is not valid: use "all" or a number of days from 1 to 366 such as 30d.',
    );
  }
  return { start: Math.max(investigation.windowStart, end - days * DAY_MS), end };
}

/**
 * Loads the case (404 when invisible), its subject and the configuration, brings the
 * subject's rollups up to date and resolves the window.
 */
export async function findingContext(
  handle: { db: Kysely<Database>; dialect: Dialect },
  viewer: Viewer,
  investigationId: string,
  identity: IdentityPolicy,
  windowParam?: string,
): Promise<FindingContext> {
  if (!investigationId) throw invalid('investigationId is required');
  const { db, dialect } = handle;
  const investigation = await loadInvestigation(db, investigationId, viewer, identity);
  const window = resolveWindow(investigation, windowParam);
  const [subject, config] = await Promise.all([
    findEmployee(db, investigation.subject.id),
    getConfiguration(db),
  ]);
  if (!subject)
    throw invalid(
      `The subject ${investigation.subject.id} of this investigation is no longer in the directory.`,
    );
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
  return {
    timezone:
      employee.timezone && isValidTimeZone(employee.timezone)
        ? employee.timezone
        : config.defaultTimezone,
    startHour: employee.work_start_hour ?? config.defaultWorkStartHour,
    endHour: employee.work_end_hour ?? config.defaultWorkEndHour,
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
