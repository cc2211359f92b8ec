import { useState } from 'react';
import { toast } from 'sonner';

import { useAdminRoles } from '../../api/admin/roles';
import { useUserMutations } from '../../api/admin/users';
import { Dialog } from '../../components/dialog';
import { Field, FieldGroup } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';

const FIELDS = ['email', 'displayName', 'roles', 'password'] as const;

/**
 * Creates a user with roles; shows the generated password once when none was given. What the
 * server refuses is said beside its field, and the first such field takes the focus.
 */
export function CreateUserDialog(props: { onClose: () => void }) {
  const roles = useAdminRoles();
  const { create } = useUserMutations();
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [chosen, setChosen] = useState<string[]>(['investigator']);
  const [password, setPassword] = useState('');
  const [temporary, setTemporary] = useState<string | null>(null);
  const problems = useFieldProblems(create.error, FIELDS);

  const onSubmit = () => {
    create.mutate(
      { email, displayName, roles: chosen, ...(password ? { password } : {}) },
      {
        onSuccess: (reply) => {
          toast.success(`User created: ${reply.user.email}`);
          if (reply.temporaryPassword) setTemporary(reply.temporaryPassword);
          else props.onClose();
        },
      },
    );
  };

  if (temporary) {
    return (
      <Dialog
        title="User created"
        onClose={props.onClose}
        footer={
          <button type="button" className="button primary" onClick={props.onClose}>
            Done
          </button>
        }
      >
        <p style={{ margin: 0 }}>
          Give this temporary password to {email} over a trusted channel. It is shown only now.
        </p>
        <code
          className="card"
          style={{ padding: 10, fontSize: 15 }}
          aria-label="Temporary password"
        >
          {temporary}
        </code>
      </Dialog>
    );
  }
  return (
    <FormDialog
      title="Create user"
      formId="create-user"
      action="Create user"
      busy={create.isPending}
      problem={problems.form}
      onSubmit={onSubmit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <Field label="Email" error={problems.fields.email}>
        <input
          className="input"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
      </Field>
      <Field label="Name" error={problems.fields.displayName}>
        <input
          className="input"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
      </Field>
      <FieldGroup legend="Roles" error={problems.fields.roles}>
        {(roles.data?.roles ?? []).map((role) => (
          <label key={role.id} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.includes(role.id)}
              onChange={(e) =>
                setChosen((list) =>
                  e.target.checked ? [...list, role.id] : list.filter((id) => id !== role.id),
                )
              }
            />
            {role.name} <span className="faint">{role.description}</span>
          </label>
        ))}
      </FieldGroup>
      <Field
        label="Password (optional)"
        hint="Leave empty to generate a temporary password."
        error={problems.fields.password}
      >
        <input
          className="input"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
