import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';

import { useAdminUsers, useUserMutations } from '../../api/admin/users';
import { Dialog } from '../../components/dialog';
import { Field, FormProblem } from '../../components/field';
import { fieldProblems } from '../../components/field-problems';
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
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
    <Dialog
      title="Disable user…"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="disable-user"
            className="button danger"
            disabled={!confirmed || update.isPending}
          >
            Disable user
          </button>
        </>
      }
    >
      <form id="disable-user" onSubmit={onSubmit} style={{ display: 'grid', gap: 10 }}>
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
        <FormProblem>{fieldProblems(update.error, []).form}</FormProblem>
      </form>
    </Dialog>
  );
}
