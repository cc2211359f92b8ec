import type { Permission } from '../../shared/permissions';
import { permissions as allPermissions } from '../../shared/permissions';
import { readJson } from '../db/dialect';

const KNOWN = new Set<string>(allPermissions);

/** One row per role of a user, as the session and token look-ups read them. */
export interface RoleRow {
  role_id: string | null;
  role_name: string | null;
  role_permissions: unknown;
}

/** A user's roles and the union of their permissions (ids no longer known are skipped). */
export function rolesAndPermissions(rows: readonly RoleRow[]): {
  roles: Array<{ id: string; name: string }>;
  permissions: Set<Permission>;
} {
  const roles: Array<{ id: string; name: string }> = [];
  const granted = new Set<Permission>();
  for (const row of rows) {
    if (row.role_id === null) continue;
    roles.push({ id: row.role_id, name: row.role_name ?? row.role_id });
    for (const permission of readJson<string[]>(row.role_permissions)) {
      if (KNOWN.has(permission)) granted.add(permission as Permission);
    }
  }
  return { roles, permissions: granted };
}
