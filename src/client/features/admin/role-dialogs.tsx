import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';

import { permissionDescriptions, permissions } from '../../../shared/permissions';
import type { Permission } from '../../../shared/permissions';
import { useAdminRoles, useRoleMutations } from '../../api/admin/roles';
import { Dialog } from '../../components/dialog';
import { Field, FieldGroup, FormProblem } from '../../components/field';
import { fieldProblems, useFieldProblems } from '../../components/field-problems';

const ROLE_FIELDS = ['name', 'description', 'permissions'] as const;

/** Creates a custom role with a name, description and permissions; problems show by their field. */
export function CreateRoleDialog(props: { onClose: () => void }) {
  const { create } = useRoleMutations();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<Permission[]>(['investigations.read']);
  const problems = useFieldProblems(create.error, ROLE_FIELDS);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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
    <Dialog
      title="Create role"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="create-role"
            className="button primary"
            disabled={create.isPending}
          >
            Create role
          </button>
        </>
      }
    >
      <form
        id="create-role"
        ref={problems.formRef}
        onSubmit={onSubmit}
        style={{ display: 'grid', gap: 10 }}
        noValidate
      >
        <Field label="Name" error={problems.fields.name}>
          <input
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
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
        <FormProblem>{problems.form}</FormProblem>
      </form>
    </Dialog>
  );
}

/** Deletes a custom role after its name is typed out. */
export function DeleteRoleDialog(props: { roleId: string; onClose: () => void }) {
  const roles = useAdminRoles();
  const { remove } = useRoleMutations();
  const role = roles.data?.roles.find((r) => r.id === props.roleId);
  const [typed, setTyped] = useState('');
  const confirmed = role !== undefined && typed.trim() === role.name;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    remove.mutate(props.roleId, {
      onSuccess: () => {
        toast.success(`Role deleted: ${role.name}`);
        props.onClose();
      },
    });
  };
  return (
    <Dialog
      title="Delete role…"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="delete-role"
            className="button danger"
            disabled={!confirmed || remove.isPending}
          >
            Delete role
          </button>
        </>
      }
    >
      <form id="delete-role" onSubmit={onSubmit} style={{ display: 'grid', gap: 10 }}>
        <Field label={`Type ${role?.name ?? props.roleId} to confirm`}>
          <input
            className="input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
          />
        </Field>
        <FormProblem>{fieldProblems(remove.error, []).form}</FormProblem>
      </form>
    </Dialog>
  );
}
