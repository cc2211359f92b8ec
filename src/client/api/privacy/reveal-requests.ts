import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { revealSchema } from '../../../shared/schemas/privacy';
import type { RevealStatus } from '../../../shared/schemas/privacy';
import { revealsReplySchema } from '../../../shared/schemas/reveals';
import { request } from '../http-client';

/** GET /reveals?status=: every case's requests for privacy officers, pending first. */
export const revealRequestsQuery = (status: RevealStatus | undefined) =>
  queryOptions({
    queryKey: ['reveals', status ?? 'all'],
    queryFn: ({ signal }) =>
      request('/reveals', { query: { status }, schema: revealsReplySchema, signal }),
  });

export function useRevealRequests(status: RevealStatus | undefined) {
  return useQuery(revealRequestsQuery(status));
}

/** POST /reveals/{id}/approve or /deny, then the lists again. */
export function useDecideReveal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: 'approve' | 'deny'; reason?: string }) =>
      request(`/reveals/${encodeURIComponent(input.id)}/${input.decision}`, {
        method: 'POST',
        body: input.reason ? { reason: input.reason } : {},
        schema: revealSchema,
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['reveals'] });
    },
  });
}
