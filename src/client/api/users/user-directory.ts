import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { userRefSchema } from '../../../shared/schemas/common';
import { request } from '../http-client';

/** GET /users: active users, for assignee pickers. */
export const userDirectoryQuery = () =>
  queryOptions({
    queryKey: ['users', 'directory'],
    queryFn: ({ signal }) =>
      request('/users', { schema: z.object({ users: z.array(userRefSchema) }), signal }),
    staleTime: 60_000,
  });

export function useUserDirectory() {
  return useQuery(userDirectoryQuery());
}
