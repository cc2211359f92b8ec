import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  caseRevealSchema,
  caseRevealsReplySchema,
  revealPeopleReplySchema,
} from '../../../shared/schemas/reveals';
import { request } from '../http-client';

const casePath = (investigationId: string) =>
  `/investigations/${encodeURIComponent(investigationId)}/reveals`;

/** GET /investigations/{id}/reveals: the case's requests to reveal someone, newest first. */
export const caseRevealsQuery = (investigationId: string) =>
  queryOptions({
    queryKey: ['investigations', 'reveals', investigationId],
    queryFn: ({ signal }) =>
      request(casePath(investigationId), { schema: caseRevealsReplySchema, signal }),
  });

export function useCaseReveals(investigationId: string, enabled = true) {
  return useQuery({ ...caseRevealsQuery(investigationId), enabled });
}

/** GET /investigations/{id}/reveals/people: the subject, then the counterparts of its events. */
export const revealPeopleQuery = (investigationId: string) =>
  queryOptions({
    queryKey: ['investigations', 'reveal-people', investigationId],
    queryFn: ({ signal }) =>
      request(`${casePath(investigationId)}/people`, { schema: revealPeopleReplySchema, signal }),
    staleTime: 60_000,
  });

export function useRevealPeople(investigationId: string) {
  return useQuery(revealPeopleQuery(investigationId));
}

/**
 * POST /investigations/{id}/reveals. A reveal granted at once changes how every reply about
 * the case shows the person, so everything is fetched again.
 */
export function useRequestReveal(investigationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { employeeId: string; purpose: string }) =>
      request(casePath(investigationId), { method: 'POST', body, schema: caseRevealSchema }),
    onSuccess: async () => {
      await client.invalidateQueries();
    },
  });
}

/** POST /investigations/{id}/reveals/{revealId}/withdraw (the requester's own). */
export function useWithdrawReveal(investigationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (revealId: string) =>
      request(`${casePath(investigationId)}/${encodeURIComponent(revealId)}/withdraw`, {
        method: 'POST',
        body: {},
        schema: caseRevealSchema,
      }),
    onSuccess: async () => {
      await client.invalidateQueries();
    },
  });
}
