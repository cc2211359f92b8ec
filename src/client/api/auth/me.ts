import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import type { Permission } from '../../../shared/permissions';
import { meReplySchema } from '../../../shared/schemas/auth';
import { request } from '../http-client';

/** GET /auth/me: who is signed in, with roles and permissions. */
export function fetchMe(signal?: AbortSignal) {
  return request('/auth/me', { schema: meReplySchema, signal });
}

export const meQuery = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
  });

/** The signed-in user; suspends nothing, returns the query. */
export function useMe() {
  return useQuery(meQuery());
}

/** What the signed-in user's roles allow, as a set (empty until /auth/me answers). */
export function usePermissions(): ReadonlySet<Permission> {
  const permissions = useMe().data?.permissions;
  return useMemo(() => new Set(permissions ?? []), [permissions]);
}
