import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Retention } from '../../../shared/schemas/privacy';
import {
  retentionPreviewSchema,
  retentionReplySchema,
  retentionRunSchema,
} from '../../../shared/schemas/retention';
import { request } from '../http-client';

const key = ['privacy', 'retention'] as const;

/** GET /privacy/retention: the periods and the last run (configuration.manage). */
export function useRetention() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      request('/privacy/retention', { schema: retentionReplySchema, signal }),
  });
}

/** GET /privacy/retention/preview: what a run now would remove, counted afresh each time. */
export function useRetentionPreview() {
  return useQuery({
    queryKey: [...key, 'preview'],
    queryFn: ({ signal }) =>
      request('/privacy/retention/preview', { schema: retentionPreviewSchema, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** PUT /privacy/retention. */
export function useSaveRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: Retention) =>
      request('/privacy/retention', { method: 'PUT', body: value, schema: retentionReplySchema }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}

/** POST /privacy/retention/run: runs retention now and answers what it removed. */
export function useRunRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      request('/privacy/retention/run', { method: 'POST', body: {}, schema: retentionRunSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
