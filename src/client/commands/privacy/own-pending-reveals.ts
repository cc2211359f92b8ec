import type { CaseReveal } from '../../../shared/schemas/reveals';
import { caseRevealsQuery } from '../../api/privacy/case-reveals';
import { queryClient } from '../../api/query-client';

/**
 * The caller's own requests of a case still waiting for a privacy officer, from the cache;
 * undefined when the case's requests were not loaded yet.
 */
export function ownPendingReveals(
  investigationId: string,
  userId: string | undefined,
): CaseReveal[] | undefined {
  const reply = queryClient.getQueryData(caseRevealsQuery(investigationId).queryKey);
  return reply?.reveals.filter((r) => r.status === 'pending' && r.requestedBy.id === userId);
}
