import type { AuditEntryInput } from '../../db/queries/audit';
import type { PseudonymBook } from '../pseudonym';

/** The actions of a reveal's life, each one audit entry on its case. */
export type RevealAction =
  | 'identity.reveal.request'
  | 'identity.reveal.approve'
  | 'identity.reveal.deny'
  | 'identity.reveal.withdraw'
  | 'identity.reveal.use'
  | 'identity.reveal.expire'
  | 'identity.reveal.refused';

/**
 * An audit entry about a reveal: on its case (so the case history shows it), naming the person
 * by id and pseudonym, never by name.
 */
export function revealEntry(
  action: RevealAction,
  reveal: { id: string | null; investigationId: string; employeeId: string },
  pseudonyms: PseudonymBook,
  extra: Record<string, unknown> = {},
): AuditEntryInput {
  return {
    action,
    targetType: 'investigation',
    targetId: reveal.investigationId,
    details: {
      ...(reveal.id ? { revealId: reveal.id } : {}),
      employeeId: reveal.employeeId,
      pseudonym: pseudonyms.of(reveal.employeeId).name,
      ...extra,
    },
  };
}
