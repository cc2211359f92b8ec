import type { Investigation } from '../../../shared/schemas/investigations';
import { investigationQuery } from '../../api/investigations/get-investigation';
import { queryClient } from '../../api/query-client';
import type { CommandContext } from '../command';

/** The investigation the focused pane shows, from the cache (its screen has loaded it). */
export function currentInvestigation(context: CommandContext): Investigation | undefined {
  return context.investigationId
    ? queryClient.getQueryData(investigationQuery(context.investigationId).queryKey)
    : undefined;
}

/** Why a closed case's commands cannot run: the case is read-only until reopened. */
export const CLOSED_CASE_REASON =
  'This investigation is closed: reopen it first (Reopen Investigation…).';

/** Why an investigation command cannot run here, or null. */
export function needsEditableInvestigation(context: CommandContext): string | null {
  if (!context.investigationId) return 'Open an investigation first.';
  if (!context.permissions.has('investigations.write'))
    return 'Your role does not allow changing investigations.';
  if (currentInvestigation(context)?.status === 'closed') return CLOSED_CASE_REASON;
  return null;
}
