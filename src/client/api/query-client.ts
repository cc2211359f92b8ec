import { QueryClient } from '@tanstack/react-query';

import { isClientError } from './http-error';

const MAX_RETRIES = 3;

/**
 * The one QueryClient. TanStack's defaults (3 retries, delay doubling from 1 s up to 30 s,
 * unused data dropped after 5 minutes), except that 4xx replies are not retried: asking again
 * will not make a missing case appear or a refused permission granted.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * 60_000,
      staleTime: 15_000,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
