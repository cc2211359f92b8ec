import { useState } from 'react';
import { toast } from 'sonner';

import { permissionDescriptions, permissions } from '../../../shared/permissions';
import type { Permission } from '../../../shared/permissions';
import { useAdminRoles, useRoleMutations } from '../../api/admin/roles';
import { Field, FieldGroup } from '../../components/field';
import { fieldProblems, useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';

const ROLE_FIELDS = ['name', 'description', 'permissions'] as const;

/** Creates a custom role with a name, description and permissions; problems show by their field. */
export function CreateRoleDialog(props: { onClose: () => void }) {
  const { create } = useRoleMutations();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<Permission[]>(['investigations.read']);
  const problems = useFieldProblems(create.error, ROLE_FIELDS);
  const onSubmit = () => {
    if (create.isPending) return;
    create.mutate(
      { name, description, permissions: chosen },
      {
        onSuccess: (role) => {
          toast.success(`Role created: ${role.name}`);
          props.onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title="Create role"
      formId="create-role"
      action="Create role"
      busy={create.isPending}
      problem={problems.form}
      onSubmit={onSubmit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <Field label="Name" error={problems.fields.name}>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </Field>
      <Field label="Description" error={problems.fields.description}>
        <input
          className="input"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <FieldGroup legend="Permissions" error={problems.fields.permissions}>
        {permissions.map((permission) => (
          <label key={permission} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.includes(permission)}
              onChange={(e) =>
                setChosen((list) =>
                  e.target.checked ? [...list, permission] : list.filter((p) => p !== permission),
                )
              }
            />
            <span className="mono">{permission}</span>{' '}
            <span className="faint">{permissionDescriptions[permission]}</span>
          </label>
        ))}
      </FieldGroup>
    </FormDialog>
  );
}

/** Deletes a custom role after its name is typed out. */
export function DeleteRoleDialog(props: { roleId: string; onClose: () => void }) {
  const roles = useAdminRoles();
  const { remove } = useRoleMutations();
  const role = roles.data?.roles.find((r) => r.id === props.roleId);
  const [typed, setTyped] = useState('');
  const confirmed = role !== undefined && typed.trim() === role.name;
  const onSubmit = () => {
    if (!confirmed) return;
    remove.mutate(props.roleId, {
      onSuccess: () => {
        toast.success(`Role deleted: ${role.name}`);
        props.onClose();
      },
    });
  };
  return (
    <FormDialog
      title="Delete role…"
      formId="delete-role"
      action="Delete role"
      tone="danger"
      busy={remove.isPending}
      ready={confirmed}
      problem={fieldProblems(remove.error, []).form}
      onSubmit={onSubmit}
      onClose={props.onClose}
    >
      <Field label={`Type ${role?.name ?? props.roleId} to confirm`}>
        <input
          className="input"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
