import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateCaseNoteBody } from '../../../shared/schemas/case-notes';
import { caseNoteSchema } from '../../../shared/schemas/case-notes';
import { request } from '../http-client';
import { caseActivityKey } from './case-activity';
import { caseNotesQuery } from './case-notes';

/** POST /investigations/{id}/notes: appends a note (or a correction naming the note it amends). */
export function writeNote(investigationId: string, body: CreateCaseNoteBody) {
  if (!investigationId) throw new Error('investigationId is required');
  return request(`/investigations/${encodeURIComponent(investigationId)}/notes`, {
    method: 'POST',
    body,
    schema: caseNoteSchema,
  });
}

/** Writes a note, then refreshes the case's history (where notes show) and its notes. */
export function useWriteNote(investigationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaseNoteBody) => writeNote(investigationId, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: caseActivityKey(investigationId) });
      await client.invalidateQueries({ queryKey: caseNotesQuery(investigationId).queryKey });
    },
  });
}
