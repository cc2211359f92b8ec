import type { Kysely } from 'kysely';

import type { Investigation } from '../../shared/schemas/investigations';
import type { Viewer } from '../accounts/viewer';
import { buildFindingContext } from '../analysis/findings/finding-context';
import type { FindingContext } from '../analysis/findings/finding-context';
import type { Dialect } from '../db/dialect';
import { getConfiguration } from '../db/queries/configuration';
import { findEmployee } from '../db/queries/employees';
import type { FindingsWindow } from '../db/queries/findings/window-facts';
import type { Database } from '../db/schema';
import { invalid } from '../domain-error';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { loadInvestigation } from './load-investigation';

const DAY_MS = 86_400_000;

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
 * A request's finding context: loads the case (404 when invisible), its subject and the
 * configuration, resolves the window, and builds the context (buildFindingContext).
 */
export async function findingContext(
  handle: { db: Kysely<Database>; dialect: Dialect },
  viewer: Viewer,
  investigationId: string,
  identity: IdentityPolicy,
  windowParam?: string,
): Promise<FindingContext> {
  if (!investigationId) throw invalid('investigationId is required');
  const { db } = handle;
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
  return buildFindingContext(handle, { investigation, subject, config }, window, identity);
}
