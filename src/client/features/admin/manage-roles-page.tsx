import { useSetAtom } from 'jotai';
import { toast } from 'sonner';

import { permissionDescriptions, permissions } from '../../../shared/permissions';
import type { Permission } from '../../../shared/permissions';
import type { Role } from '../../../shared/schemas/admin';
import { useMe } from '../../api/auth/me';
import { useAdminRoles, useRoleMutations } from '../../api/admin/roles';
import { EmptyState } from '../../components/empty-state';
import { Loading } from '../../components/loading';
import { Tooltip } from '../../components/tooltip';
import { PageHeader } from '../../components/page-header';
import { openDialogAtom } from '../../state/dialogs';
import { adminError } from './admin-errors';
import { plural } from '../../../shared/wording';

/** Roles as columns, permissions as rows: tick a box to grant, untick to take away. */
export default function ManageRolesPage() {
  const me = useMe();
  const roles = useAdminRoles();
  const { update } = useRoleMutations();
  const openDialog = useSetAtom(openDialogAtom);
  if (me.data && !me.data.permissions.includes('roles.manage')) {
    return (
      <div className="page">
        <EmptyState title="You cannot manage roles">
          Your role does not include managing roles.
        </EmptyState>
      </div>
    );
  }
  const toggle = (role: Role, permission: Permission, granted: boolean) => {
    const next = granted
      ? [...role.permissions, permission]
      : role.permissions.filter((p) => p !== permission);
    update.mutate(
      { id: role.id, body: { permissions: next } },
      {
        onSuccess: () =>
          toast.success(`${role.name}: ${granted ? 'granted' : 'removed'} ${permission}`),
        onError: (e) => toast.error(adminError(e)),
      },
    );
  };
  const list = roles.data?.roles ?? [];
  return (
    <div className="page">
      <PageHeader
        title="Global roles"
        subtitle="Each role is a set of permissions; a user's permissions are the union of their roles'"
        actions={
          <button
            type="button"
            className="button primary"
            onClick={() => openDialog({ kind: 'createRole' })}
          >
            Create role
          </button>
        }
      />
      {roles.isLoading ? <Loading /> : null}
      <div className="card" style={{ overflow: 'auto' }}>
        <table className="matrix" aria-label="Permissions by role">
          <thead>
            <tr>
              <th scope="col">Permission</th>
              {list.map((role) => (
                <th key={role.id} scope="col">
                  <Tooltip content={role.description}>
                    <div>{role.name}</div>
                  </Tooltip>
                  <div className="faint" style={{ fontWeight: 400 }}>
                    {role.builtIn ? 'built-in' : 'custom'} · {plural(role.userCount, 'user')}
                  </div>
                  {!role.builtIn ? (
                    <button
                      type="button"
                      className="button ghost small"
                      onClick={() => openDialog({ kind: 'deleteRole', roleId: role.id })}
                    >
                      Delete…
                    </button>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {permissions.map((permission) => (
              <tr key={permission}>
                <th scope="row">
                  <div className="mono">{permission}</div>
                  <div className="faint" style={{ fontWeight: 400 }}>
                    {permissionDescriptions[permission]}
                  </div>
                </th>
                {list.map((role) => {
                  const granted = role.permissions.includes(permission);
                  return (
                    <td key={role.id}>
                      <Tooltip
                        content={
                          role.id === 'admin'
                            ? 'The Admin role always has every permission.'
                            : undefined
                        }
                      >
                        {/* Admin's boxes stay focusable (aria-disabled) so they can say why. */}
                        <input
                          type="checkbox"
                          aria-label={`${role.name}: ${permission}`}
                          checked={granted}
                          aria-disabled={role.id === 'admin' || undefined}
                          disabled={update.isPending}
                          onChange={(e) => {
                            if (role.id !== 'admin') toggle(role, permission, e.target.checked);
                          }}
                        />
                      </Tooltip>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
