import { randomBytes } from 'node:crypto';

import { openPolicy } from '../../privacy/identity-policy';
import { PseudonymBook } from '../../privacy/pseudonym';
import type { Configuration } from '../../../shared/schemas/configuration';
import type { DatabaseHandle } from '../../db/database';
import { findEmployee } from '../../db/queries/employees';
import { findVisibleInvestigation, membersOf } from '../../db/queries/investigations';
import type { AnalysisSubject } from '../../db/queries/analysis-runs';
import { presentInvestigation } from '../../presenters/investigation';
import { detectorRegistry } from '../findings/detectors';
import { buildFindingContext } from '../findings/finding-context';
import { hygieneCheckEvents } from '../findings/security-hygiene.detector';
import type { RiskInputs } from './risk-score';

/**
 * The parts of the score that evidence pages compute: security hygiene, access requests and
 * the working hours figure (its events, those off hours, and the hours it measured against).
 */
export type FindingSignals = Pick<RiskInputs, 'hygiene' | 'flaggedRequests'> & {
  workingHours: {
    total: number;
    offHours: number;
    startHour: number;
    endHour: number;
  } | null;
};

/**
 * Signals are numbers and keys, never shown as they are: people stay as recorded here, and a
 * pseudonym made under this throwaway secret never leaves the process.
 */
const UNSHOWN = openPolicy(new PseudonymBook(randomBytes(16).toString('hex')));

/**
 * Reads the security hygiene checks, the flagged access requests and the working hours
 * figure of a case with the same detectors as their evidence pages, over the whole window, so
 * the score counts exactly what those pages show. Brings the subject's rollups up to date first, as a page would; call it
 * outside a transaction (the rollup build takes its own).
 */
export async function readFindingSignals(
  handle: DatabaseHandle,
  subject: AnalysisSubject,
  config: Configuration,
): Promise<FindingSignals> {
  const { db } = handle;
  const [row, employee] = await Promise.all([
    findVisibleInvestigation(db, subject.investigationId, { userId: '', seesAll: true }),
    findEmployee(db, subject.employeeId),
  ]);
  if (!row || !employee) return { hygiene: [], flaggedRequests: [], workingHours: null };
  const investigation = presentInvestigation(row, await membersOf(db, [row.id]), UNSHOWN);
  const window = { start: subject.windowStart, end: subject.windowEnd };
  const ctx = await buildFindingContext(
    handle,
    { investigation, subject: employee, config },
    window,
    UNSHOWN,
  );
  const detectors = await detectorRegistry();
  const hygiene = await detectors.of('securityHygiene').run(ctx, {}, {});
  const requests = await detectors.of('accessRequests').run(ctx, {}, {});
  const workingHours = await detectors.of('workingHours').run(ctx, {}, {});
  return {
    workingHours: {
      total: workingHours.totalEvents,
      offHours: workingHours.offHoursEvents,
      startHour: workingHours.baseline.startHour,
      endHour: workingHours.baseline.endHour,
    },
    hygiene: hygiene.items.map((item) => ({
      title: item.title,
      severity: item.severity,
      count: item.count,
      ...hygieneCheckEvents(item.id),
    })),
    flaggedRequests: requests.requests
      .filter((request) => request.flagged)
      .map((request) => ({ id: request.id, resource: request.resource })),
  };
}
