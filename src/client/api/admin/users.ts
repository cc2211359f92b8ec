import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { CreateUserBody, UpdateUserBody } from '../../../shared/schemas/admin';
import {
  adminUserSchema,
  createUserReplySchema,
  listUsersReplySchema,
  resetPasswordReplySchema,
} from '../../../shared/schemas/admin';
import { request } from '../http-client';

const keys = { users: ['admin', 'users'] as const };

/** GET /admin/users. */
export const adminUsersQuery = () =>
  queryOptions({
    queryKey: keys.users,
    queryFn: ({ signal }) => request('/admin/users', { schema: listUsersReplySchema, signal }),
  });

export function useAdminUsers() {
  return useQuery(adminUsersQuery());
}

/** POST /admin/users; the reply may hold a temporary password to hand over once. */
export function createUser(body: CreateUserBody) {
  return request('/admin/users', { method: 'POST', body, schema: createUserReplySchema });
}

/** PATCH /admin/users/{id}: name, roles, disabled. */
export function updateUser(id: string, body: UpdateUserBody) {
  return request(`/admin/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: adminUserSchema,
  });
}

/** POST /admin/users/{id}/reset-password. */
export function resetUserPassword(id: string, password?: string) {
  return request(`/admin/users/${encodeURIComponent(id)}/reset-password`, {
    method: 'POST',
    body: password ? { password } : {},
    schema: resetPasswordReplySchema,
  });
}

/** Mutations that refresh the user list when they succeed. */
export function useUserMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.users });
  return {
    create: useMutation({ mutationFn: createUser, onSuccess: refresh }),
    update: useMutation({
      mutationFn: (v: { id: string; body: UpdateUserBody }) => updateUser(v.id, v.body),
      onSuccess: refresh,
    }),
    resetPassword: useMutation({
      mutationFn: (v: { id: string; password?: string }) => resetUserPassword(v.id, v.password),
      onSuccess: refresh,
    }),
  };
}
