import { useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';

import type { AdminUser } from '../../../shared/schemas/admin';
import { useMe } from '../../api/auth/me';
import { useAdminRoles } from '../../api/admin/roles';
import { useAdminUsers, useUserMutations } from '../../api/admin/users';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { CommandButton } from '../../components/command-button';
import { EmptyState } from '../../components/empty-state';
import { formatRelative, isoDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { Tooltip } from '../../components/tooltip';
import { openDialogAtom } from '../../state/dialogs';
import { adminError } from './admin-errors';

/** The user list's columns; roles are shown by name (`roleName` falls back to the id). */
const userColumns = (roleName: (id: string) => string): DataTableColumn<AdminUser>[] => [
  { id: 'name', header: 'Name', value: (u) => u.displayName, width: 180 },
  { id: 'email', header: 'Email', value: (u) => u.email, width: 240 },
  { id: 'roles', header: 'Roles', value: (u) => u.roles.map(roleName).join(', '), width: 200 },
  {
    id: 'status',
    header: 'Status',
    value: (u) => (u.disabled ? 'disabled' : 'active'),
    cell: (u) => (
      <span className={`badge${u.disabled ? '' : ' status-open'}`}>
        {u.disabled ? 'Disabled' : 'Active'}
      </span>
    ),
    exportText: (u) => (u.disabled ? 'Disabled' : 'Active'),
    width: 100,
  },
  {
    id: 'lastLogin',
    header: 'Last sign-in',
    value: (u) => u.lastLoginAt ?? 0,
    cell: (u) => formatRelative(u.lastLoginAt),
    exportText: (u) => isoDateTime(u.lastLoginAt),
    width: 130,
  },
];

/** Users: create, change roles, disable and enable, reset passwords. */
export default function ManageUsersPage() {
  const me = useMe();
  const users = useAdminUsers();
  const roles = useAdminRoles();
  const roleName = useMemo(() => {
    const names = new Map((roles.data?.roles ?? []).map((role) => [role.id, role.name]));
    return (id: string) => names.get(id) ?? id;
  }, [roles.data]);
  const columns = useMemo(() => userColumns(roleName), [roleName]);
  const { update, resetPassword } = useUserMutations();
  const openDialog = useSetAtom(openDialogAtom);
  const [selected, setSelected] = useState<string | null>(null);
  const [temporary, setTemporary] = useState<{ email: string; password: string } | null>(null);
  const rows = useMemo(() => users.data?.users ?? [], [users.data]);
  const user = rows.find((u) => u.id === selected) ?? null;

  if (me.data && !me.data.permissions.includes('users.manage')) {
    return (
      <div className="page">
        <EmptyState title="You cannot manage users">
          Your role does not include managing users.
        </EmptyState>
      </div>
    );
  }
  const enable = (u: AdminUser) =>
    update.mutate(
      { id: u.id, body: { disabled: false } },
      {
        onSuccess: () => toast.success(`${u.email} enabled`),
        onError: (e) => toast.error(adminError(e)),
      },
    );
  const reset = (u: AdminUser) =>
    resetPassword.mutate(
      { id: u.id },
      {
        onSuccess: (reply) =>
          reply.temporaryPassword &&
          setTemporary({ email: u.email, password: reply.temporaryPassword }),
        onError: (e) => toast.error(adminError(e)),
      },
    );

  return (
    <div
      className="page"
      style={{ height: '100%', gridTemplateRows: temporary ? 'auto auto 1fr' : 'auto 1fr' }}
    >
      <PageHeader
        title="Users"
        subtitle="Who can sign in to Vigil, and with which roles"
        actions={
          <button
            type="button"
            className="button primary"
            onClick={() => openDialog({ kind: 'createUser' })}
          >
            Create user
          </button>
        }
      />
      {temporary ? (
        <div className="alert warning" role="status">
          New temporary password for {temporary.email}: <code>{temporary.password}</code> (shown
          once; their sessions have ended).{' '}
          <button type="button" className="button small" onClick={() => setTemporary(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: user ? 'minmax(0, 1fr) 300px' : '1fr',
          gap: 14,
          minHeight: 0,
        }}
      >
        <DataTable
          label="Users"
          columns={columns}
          rows={rows}
          getRowId={(u) => u.id}
          loading={users.isLoading}
          height="fill"
          exportName="users"
          initialSort={{ id: 'name', desc: false }}
          onOpen={(u) => setSelected(u.id)}
        />
        {user ? (
          <aside
            className="card"
            aria-label={`User ${user.displayName}`}
            style={{ alignSelf: 'start' }}
          >
            <header>
              <h2>{user.displayName}</h2>
              <Tooltip content="Close">
                <button
                  type="button"
                  className="button ghost small"
                  aria-label="Close user"
                  onClick={() => setSelected(null)}
                >
                  ×
                </button>
              </Tooltip>
            </header>
            <div className="card-body" style={{ display: 'grid', gap: 8 }}>
              <div className="muted">{user.email}</div>
              <div>Roles: {user.roles.map(roleName).join(', ')}</div>
              <button
                type="button"
                className="button"
                onClick={() => openDialog({ kind: 'assignRole', userId: user.id })}
              >
                Change roles…
              </button>
              <button type="button" className="button" onClick={() => reset(user)}>
                Reset password
              </button>
              {user.disabled ? (
                <button type="button" className="button" onClick={() => enable(user)}>
                  Enable
                </button>
              ) : (
                <CommandButton
                  className="button danger"
                  disabledReason={
                    user.id === me.data?.user.id ? 'You cannot disable your own account.' : null
                  }
                  onClick={() => openDialog({ kind: 'disableUser', userId: user.id })}
                >
                  Disable…
                </CommandButton>
              )}
            </div>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
