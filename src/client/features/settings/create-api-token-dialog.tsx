import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';

import { permissionDescriptions, permissions } from '../../../shared/permissions';
import type { Permission } from '../../../shared/permissions';
import { API_TOKEN_MAX_DAYS } from '../../../shared/schemas/api-tokens';
import type { CreateApiTokenReply } from '../../../shared/schemas/api-tokens';
import { usePermissions } from '../../api/auth/me';
import { apiTokenKeys, createApiToken } from '../../api/tokens/api-tokens';
import { CopyButton } from '../../components/copy-button';
import { Dialog } from '../../components/dialog';
import { Field, FieldGroup } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { formatDate } from '../../components/format';

const FIELDS = ['name', 'scopes', 'expiresInDays'] as const;
const LIFETIMES = [7, 30, 90, 180, API_TOKEN_MAX_DAYS] as const;

/**
 * Makes a personal API token: a name, the scopes (only permissions the user's roles hold are
 * offered) and a lifetime; then shows the token once, with a copy button and how to send it.
 */
export function CreateApiTokenDialog(props: { onClose: () => void }) {
  const held = usePermissions();
  const client = useQueryClient();
  const offered = permissions.filter((permission) => held.has(permission));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Permission[]>([]);
  const [days, setDays] = useState<number>(30);
  const [created, setCreated] = useState<CreateApiTokenReply | null>(null);
  const create = useMutation({
    mutationFn: createApiToken,
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
  const problems = useFieldProblems(create.error, FIELDS);

  const onSubmit = () => {
    create.mutate(
      { name, scopes, expiresInDays: days },
      {
        onSuccess: (reply) => {
          toast.success(`API token created: ${reply.name}`);
          setCreated(reply);
        },
      },
    );
  };

  if (created) {
    return (
      <Dialog
        title="API token created"
        onClose={props.onClose}
        wide
        footer={
          <button type="button" className="button primary" onClick={props.onClose}>
            Done
          </button>
        }
      >
        <div className="stack">
          <div className="alert warning" role="status">
            Copy the token now: it is shown only once. Vigil keeps only a keyed hash of it; if it is
            lost, revoke it and make another.
          </div>
          <div className="secret-box">
            <code aria-label="API token">{created.token}</code>
            <CopyButton text={created.token} label="API token" />
          </div>
          <p className="muted" style={{ margin: 0 }}>
            Send it as <code>Authorization: Bearer …</code> to any <code>/api/app</code> route. It
            acts as you with {created.scopes.join(', ')} (as long as your role holds them) until{' '}
            {formatDate(created.expiresAt)}.
          </p>
        </div>
      </Dialog>
    );
  }
  return (
    <FormDialog
      title="Create API token"
      formId="create-api-token"
      action="Create token"
      wide
      busy={create.isPending}
      problem={problems.form}
      onSubmit={onSubmit}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <Field
        label="Name"
        hint="What uses it, e.g. “SOAR playbook”: the audit log names the token with each use."
        error={problems.fields.name}
      >
        <input
          className="input"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
      </Field>
      <FieldGroup
        legend="Scopes"
        hint="Only permissions your role holds; the token loses any your role loses."
        error={problems.fields.scopes}
      >
        {offered.map((permission) => (
          <label key={permission} className="checkbox">
            <input
              type="checkbox"
              checked={scopes.includes(permission)}
              onChange={(e) =>
                setScopes((list) =>
                  e.target.checked
                    ? [...list, permission]
                    : list.filter((scope) => scope !== permission),
                )
              }
            />
            <code>{permission}</code>{' '}
            <span className="faint">{permissionDescriptions[permission]}</span>
          </label>
        ))}
      </FieldGroup>
      <Field label="Expires after" error={problems.fields.expiresInDays}>
        <select className="input" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {LIFETIMES.map((value) => (
            <option key={value} value={value}>
              {value === API_TOKEN_MAX_DAYS ? '1 year' : `${value} days`}
            </option>
          ))}
        </select>
      </Field>
    </FormDialog>
  );
}
