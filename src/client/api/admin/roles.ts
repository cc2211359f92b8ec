import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { CreateRoleBody, UpdateRoleBody } from '../../../shared/schemas/admin';
import { listRolesReplySchema, roleSchema } from '../../../shared/schemas/admin';
import { request } from '../http-client';

const keys = { roles: ['admin', 'roles'] as const };

/** GET /admin/roles. */
export const adminRolesQuery = () =>
  queryOptions({
    queryKey: keys.roles,
    queryFn: ({ signal }) => request('/admin/roles', { schema: listRolesReplySchema, signal }),
  });

export function useAdminRoles() {
  return useQuery(adminRolesQuery());
}

export function createRole(body: CreateRoleBody) {
  return request('/admin/roles', { method: 'POST', body, schema: roleSchema });
}

export function updateRole(id: string, body: UpdateRoleBody) {
  return request(`/admin/roles/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    schema: roleSchema,
  });
}

export async function deleteRole(id: string): Promise<void> {
  await request(`/admin/roles/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Mutations that refresh the role list (and user list, whose roles may change) on success. */
export function useRoleMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['admin'] });
  return {
    create: useMutation({ mutationFn: createRole, onSuccess: refresh }),
    update: useMutation({
      mutationFn: (v: { id: string; body: UpdateRoleBody }) => updateRole(v.id, v.body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: deleteRole, onSuccess: refresh }),
  };
}
