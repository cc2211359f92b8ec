import type { Kysely } from 'kysely';

import type { Investigation } from '../../shared/schemas/investigations';
import type { Viewer } from '../accounts/viewer';
import { holdInvestigation } from '../db/queries/investigation-lock';
import type { Database } from '../db/schema';
import { conflict } from '../domain-error';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { loadInvestigation } from './load-investigation';

/** The 409's sentence for any change to a closed case (issue 16). */
export const CLOSED_CASE_MESSAGE =
  'This investigation is closed: reopen it before changing anything.';

/** Refuses a change to a case in this status: a closed case is read-only until reopened. */
export function assertCaseWritable(status: string): void {
  if (status === 'closed') throw conflict(CLOSED_CASE_MESSAGE);
}

/**
 * The one guard every write to a case goes through (notes, pins, incidents, checklist, the
 * investigation itself): the case as the viewer may see it (else the brief's 404), held until
 * the transaction ends so it cannot be closed meanwhile, and refused with a 409 when closed.
 * Call it with the transaction the change runs in (`app.audited`'s).
 */
export async function loadWritableInvestigation(
  trx: Kysely<Database>,
  id: string,
  viewer: Viewer,
  policy: IdentityPolicy,
): Promise<Investigation> {
  // Locked before it is read, so the status read is the one that holds until commit. The lock
  // of a case the viewer may not see changes nothing and ends with the refused request.
  await holdInvestigation(trx, id);
  const investigation = await loadInvestigation(trx, id, viewer, policy);
  assertCaseWritable(investigation.status);
  return investigation;
}
