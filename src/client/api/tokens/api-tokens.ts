import { queryOptions, useQuery } from '@tanstack/react-query';

import type { CreateApiTokenBody } from '../../../shared/schemas/api-tokens';
import {
  createApiTokenReplySchema,
  listAdminApiTokensReplySchema,
  listApiTokensReplySchema,
} from '../../../shared/schemas/api-tokens';
import { request } from '../http-client';

/** Query keys of API tokens: one invalidation of `all` refreshes both lists. */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  mine: () => ['api-tokens', 'mine'] as const,
  everyone: () => ['api-tokens', 'everyone'] as const,
};

function tokenPath(base: '/me/tokens' | '/admin/tokens', id: string): string {
  if (!id) throw new Error('tokenId is required');
  return `${base}/${encodeURIComponent(id)}`;
}

/** GET /me/tokens: the signed-in user's tokens (never their secrets). */
export const myApiTokensQuery = () =>
  queryOptions({
    queryKey: apiTokenKeys.mine(),
    queryFn: ({ signal }) => request('/me/tokens', { schema: listApiTokensReplySchema, signal }),
  });

export function useMyApiTokens() {
  return useQuery(myApiTokensQuery());
}

/** GET /admin/tokens: everyone's tokens with their owners. */
export const everyonesApiTokensQuery = () =>
  queryOptions({
    queryKey: apiTokenKeys.everyone(),
    queryFn: ({ signal }) =>
      request('/admin/tokens', { schema: listAdminApiTokensReplySchema, signal }),
  });

export function useEveryonesApiTokens(enabled: boolean) {
  return useQuery({ ...everyonesApiTokensQuery(), enabled });
}

/** POST /me/tokens: the reply holds the token itself, shown this once. */
export function createApiToken(body: CreateApiTokenBody) {
  return request('/me/tokens', { method: 'POST', body, schema: createApiTokenReplySchema });
}

/** DELETE /me/tokens/{id} (one's own) or /admin/tokens/{id} (anyone's, for admins). */
export async function revokeApiToken(id: string, scope: 'mine' | 'everyone'): Promise<void> {
  await request(tokenPath(scope === 'mine' ? '/me/tokens' : '/admin/tokens', id), {
    method: 'DELETE',
  });
}
