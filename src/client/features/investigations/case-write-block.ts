import { CLOSED_CASE_REVEAL_MESSAGE } from '../../../shared/investigation-model';
import type { Permission } from '../../../shared/permissions';
import type { Investigation } from '../../../shared/schemas/investigations';

/** The sentence the commands say too: why the case cannot be changed now, or null. */
export function caseWriteBlock(
  investigation: Pick<Investigation, 'status'>,
  permissions: ReadonlySet<Permission>,
): string | null {
  if (!permissions.has('investigations.write'))
    return 'Your role does not allow changing investigations.';
  if (investigation.status === 'closed')
    return 'This investigation is closed: reopen it first (Reopen Investigation…).';
  return null;
}

/** Why nobody asks to reveal anyone in this case now (a closed case), or null. */
export function caseRevealBlock(investigation: Pick<Investigation, 'status'>): string | null {
  return investigation.status === 'closed' ? CLOSED_CASE_REVEAL_MESSAGE : null;
}
