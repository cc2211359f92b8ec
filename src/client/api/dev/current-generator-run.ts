import { queryOptions, useQuery } from '@tanstack/react-query';

import { currentGeneratorRunReplySchema } from '../../../shared/schemas/log-generator';
import { request } from '../http-client';

export const generatorRunKeys = { current: ['dev', 'generator', 'current'] as const };

/** GET /dev/generator/runs/current: the running or last run, or null. */
export function fetchCurrentGeneratorRun(signal?: AbortSignal) {
  return request('/dev/generator/runs/current', { schema: currentGeneratorRunReplySchema, signal });
}

export const currentGeneratorRunQuery = () =>
  queryOptions({
    queryKey: generatorRunKeys.current,
    queryFn: ({ signal }) => fetchCurrentGeneratorRun(signal),
  });

/** The current run, polled every second while it runs. */
export function useCurrentGeneratorRun() {
  return useQuery({
    ...currentGeneratorRunQuery(),
    refetchInterval: (query) => (query.state.data?.run?.status === 'running' ? 1000 : false),
  });
}
