import { queryOptions } from '@tanstack/react-query';

import { listCaseNotesReplySchema } from '../../../shared/schemas/case-notes';
import { request } from '../http-client';

/** GET /investigations/{id}/notes: the case's notes, oldest first. */
export function fetchCaseNotes(investigationId: string, signal?: AbortSignal) {
  if (!investigationId) throw new Error('investigationId is required');
  return request(`/investigations/${encodeURIComponent(investigationId)}/notes`, {
    schema: listCaseNotesReplySchema,
    signal,
  });
}

/** Under `investigations`, so writing a note (which refreshes the case) refreshes this too. */
export const caseNotesQuery = (investigationId: string) =>
  queryOptions({
    queryKey: ['investigations', 'notes', investigationId],
    queryFn: ({ signal }) => fetchCaseNotes(investigationId, signal),
  });
