import type { Reveal, RevealStatus } from '../../shared/schemas/privacy';
import type { RevealRow } from '../db/queries/identity-reveals';
import { presentUserRef } from './user';
import type { PseudonymBook } from '../privacy/pseudonym';

/** A reveal's status as the API shows it: a granted reveal past its expiry is `expired`. */
export function revealStatusAt(
  row: { status: string; expires_at: number | null },
  now: number,
): RevealStatus {
  if (row.status === 'granted' && row.expires_at !== null && row.expires_at <= now)
    return 'expired';
  return row.status as RevealStatus;
}

/** Whether a reveal shows the person at `now`. */
export function revealHolds(row: { status: string; expires_at: number | null }, now: number) {
  return revealStatusAt(row, now) === 'granted';
}

/** A reveal as the API shows it: the person by pseudonym, never by name. */
export function presentReveal(row: RevealRow, pseudonyms: PseudonymBook, now: number): Reveal {
  return {
    id: row.id,
    investigationId: row.investigation_id,
    investigationTitle: row.investigation_title,
    employeeId: row.employee_id,
    pseudonym: pseudonyms.of(row.employee_id).name,
    purpose: row.purpose,
    status: revealStatusAt(row, now),
    requestedBy: presentUserRef({
      id: row.requested_by,
      email: row.requester_email,
      display_name: row.requester_name,
    }),
    requestedAt: row.requested_at,
    decidedBy:
      row.decided_by === null
        ? null
        : presentUserRef({
            id: row.decided_by,
            email: row.decider_email,
            display_name: row.decider_name,
          }),
    decidedAt: row.decided_at,
    decisionReason: row.decision_reason,
    expiresAt: row.expires_at,
  };
}
