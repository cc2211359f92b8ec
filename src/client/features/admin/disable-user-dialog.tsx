import { useState } from 'react';
import { toast } from 'sonner';

import { useAdminUsers, useUserMutations } from '../../api/admin/users';
import { Field } from '../../components/field';
import { fieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { UserPicker } from './user-picker';

/**
 * Disabling ends every session of the user at once, so it asks for the user's email typed
 * out; enabling needs no confirmation.
 */
export function DisableUserDialog(props: { userId?: string; onClose: () => void }) {
  const users = useAdminUsers();
  const { update } = useUserMutations();
  const [userId, setUserId] = useState(props.userId ?? '');
  const [typed, setTyped] = useState('');
  const user = users.data?.users.find((u) => u.id === userId);
  const confirmed = user !== undefined && typed.trim().toLowerCase() === user.email;

  const onSubmit = () => {
    if (!user || !confirmed) return;
    update.mutate(
      { id: user.id, body: { disabled: true } },
      {
        onSuccess: () => {
          toast.success(`${user.email} is disabled and signed out everywhere.`);
          props.onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      title="Disable user…"
      formId="disable-user"
      action="Disable user"
      tone="danger"
      busy={update.isPending}
      ready={confirmed}
      problem={fieldProblems(update.error, []).form}
      onSubmit={onSubmit}
      onClose={props.onClose}
    >
      {props.userId ? null : (
        <Field label="User">
          <UserPicker
            users={users.data?.users ?? []}
            value={userId}
            onChange={setUserId}
            filter={(u) => !u.disabled}
          />
        </Field>
      )}
      {user ? (
        <Field
          label={`Type ${user.email} to confirm`}
          hint="The user is signed out of every session and cannot sign in until enabled again."
        >
          <input
            className="input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus={Boolean(props.userId)}
          />
        </Field>
      ) : null}
    </FormDialog>
  );
}
