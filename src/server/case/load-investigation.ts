import type { Kysely } from 'kysely';

import type { Investigation } from '../../shared/schemas/investigations';
import type { Viewer } from '../accounts/viewer';
import {
  findVisibleInvestigation,
  investigationExists,
  membersOf,
} from '../db/queries/investigations';
import type { Database } from '../db/schema';
import { notFound } from '../domain-error';
import type { DomainError } from '../domain-error';
import { presentInvestigation } from '../presenters/investigation';
import type { IdentityPolicy } from '../privacy/identity-policy';
import { visibilityOf } from './visibility';

const CASE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The brief's 404 for an investigation the viewer cannot open. The reply is the same whether
 * the case exists or not, so nobody learns it does; but a case that exists and is hidden from
 * the viewer is a refused request, which the audit log records (ASVS 5.0 16.3.2).
 */
export async function invisibleInvestigation(
  db: Kysely<Database>,
  id: string,
): Promise<DomainError> {
  // The brief's message, word for word, in both cases; the id only when it has the shape of the
  // ids Vigil gives cases (a UUID), since anything else the caller sent (an address) is not echoed.
  const message = `Investigation report ${CASE_ID.test(id) ? id : 'with that id'} not found`;
  if (!(await investigationExists(db, id))) return notFound(message);
  return notFound(message, {
    reason: 'The investigation is visible only to its members and to roles that see every case.',
    targetType: 'investigation',
    targetId: id,
  });
}

/** Loads an investigation the viewer may see, or throws the brief's 404. */
export async function loadInvestigation(
  db: Kysely<Database>,
  id: string,
  viewer: Viewer,
  policy: IdentityPolicy,
): Promise<Investigation> {
  const row = await findVisibleInvestigation(db, id, visibilityOf(viewer));
  if (!row) throw await invisibleInvestigation(db, id);
  return presentInvestigation(row, await membersOf(db, [id]), policy);
}
