import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ChecklistReply } from '../../../shared/schemas/templates';
import { checklistReplySchema } from '../../../shared/schemas/templates';
import { request } from '../http-client';
import { queryClient } from '../query-client';

/** Under ['investigations'], so whatever refreshes a case refreshes its checklist too. */
export const checklistKey = (investigationId: string) =>
  ['investigations', 'checklist', investigationId] as const;

function checklistPath(investigationId: string): string {
  if (!investigationId) throw new Error('investigationId is required');
  return `/investigations/${encodeURIComponent(investigationId)}/checklist`;
}

/** GET /investigations/{id}/checklist: the steps, progress and the template's pages to review. */
export const checklistQuery = (investigationId: string) =>
  queryOptions({
    queryKey: checklistKey(investigationId),
    queryFn: ({ signal }) =>
      request(checklistPath(investigationId), { schema: checklistReplySchema, signal }),
  });

export function useChecklist(investigationId: string) {
  return useQuery(checklistQuery(investigationId));
}

/**
 * PATCH /investigations/{id}/checklist/{stepId}: ticks or unticks a step (audited; refused with
 * a 409 on a closed case). The reply is the whole checklist, which replaces the cached one, so
 * the overview and the palette show the new progress at once.
 */
export async function tickChecklistStep(
  investigationId: string,
  stepId: string,
  done: boolean,
): Promise<ChecklistReply> {
  if (!stepId) throw new Error('stepId is required');
  const reply = await request(`${checklistPath(investigationId)}/${encodeURIComponent(stepId)}`, {
    method: 'PATCH',
    body: { done },
    schema: checklistReplySchema,
  });
  queryClient.setQueryData(checklistKey(investigationId), reply);
  return reply;
}
