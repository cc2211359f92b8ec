import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';

import { useAdminRoles } from '../../api/admin/roles';
import { useAdminUsers, useUserMutations } from '../../api/admin/users';
import { Dialog } from '../../components/dialog';
import { Field, FieldGroup, FormProblem } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { UserPicker } from './user-picker';

const FIELDS = ['roles'] as const;

/** Sets the roles of a user; a refusal is said beside the roles. */
export function AssignRoleDialog(props: { userId?: string; onClose: () => void }) {
  const users = useAdminUsers();
  const roles = useAdminRoles();
  const { update } = useUserMutations();
  const [userId, setUserId] = useState(props.userId ?? '');
  const user = users.data?.users.find((u) => u.id === userId);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const current = chosen ?? user?.roles ?? [];
  const problems = useFieldProblems(update.error, FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    update.mutate(
      { id: user.id, body: { roles: current } },
      {
        onSuccess: () => {
          toast.success(`Roles of ${user.email} updated`);
          props.onClose();
        },
      },
    );
  };
  return (
    <Dialog
      title="Assign roles"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="assign-role"
            className="button primary"
            disabled={!user || update.isPending}
          >
            Save roles
          </button>
        </>
      }
    >
      <form
        id="assign-role"
        ref={problems.formRef}
        onSubmit={onSubmit}
        style={{ display: 'grid', gap: 10 }}
      >
        {props.userId ? (
          <div>
            {user?.displayName} ({user?.email})
          </div>
        ) : (
          <Field label="User">
            <UserPicker
              users={users.data?.users ?? []}
              value={userId}
              onChange={(id) => {
                setUserId(id);
                setChosen(null);
              }}
            />
          </Field>
        )}
        {user ? (
          <FieldGroup legend="Roles" error={problems.fields.roles}>
            {(roles.data?.roles ?? []).map((role) => (
              <label key={role.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={current.includes(role.id)}
                  onChange={(e) =>
                    setChosen(
                      e.target.checked
                        ? [...current, role.id]
                        : current.filter((id) => id !== role.id),
                    )
                  }
                />
                {role.name}
              </label>
            ))}
          </FieldGroup>
        ) : null}
        <FormProblem>{problems.form}</FormProblem>
      </form>
    </Dialog>
  );
}
