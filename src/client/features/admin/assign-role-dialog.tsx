import { useState } from 'react';
import { toast } from 'sonner';

import { useAdminRoles } from '../../api/admin/roles';
import { useAdminUsers, useUserMutations } from '../../api/admin/users';
import { Field, FieldGroup } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
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

  const onSubmit = () => {
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
    <FormDialog
      title="Assign roles"
      formId="assign-role"
      action="Save roles"
      busy={update.isPending}
      ready={user !== undefined}
      problem={problems.form}
      onSubmit={onSubmit}
      onClose={props.onClose}
      formRef={problems.formRef}
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
    </FormDialog>
  );
}
