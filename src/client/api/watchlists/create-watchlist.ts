import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateWatchlistBody } from '../../../shared/schemas/watchlists';
import { watchlistSchema } from '../../../shared/schemas/watchlists';
import { request } from '../http-client';
import { watchlistKeys } from './keys';

/**
 * POST /watchlists: a list kept by hand with its first members. A taken name is a 409 on `name`;
 * an unknown employee a 400 on `employeeIds`.
 */
export function createWatchlist(body: CreateWatchlistBody) {
  return request('/watchlists', { method: 'POST', body, schema: watchlistSchema });
}

export function useCreateWatchlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWatchlist,
    onSuccess: () => client.invalidateQueries({ queryKey: watchlistKeys.all }),
  });
}
