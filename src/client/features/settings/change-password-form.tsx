import { useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { toast } from 'sonner';

import { useChangePassword } from '../../api/auth/change-password';
import { Field } from '../../components/field';
import { CHANGE_PASSWORD_FIELDS, localProblems, serverProblems } from './change-password-problems';
import type { ChangePasswordProblems, ChangePasswordValues } from './change-password-problems';

/**
 * The current password, the new one twice. The first field takes the focus; Enter or
 * Ctrl/⌘+Enter submits; each problem is said beside its field, and the first such field takes
 * the focus. On success the user's other sessions have ended, and the toast says how many.
 */
export function ChangePasswordForm(props: { onDone: () => void; onCancel?: () => void }) {
  const change = useChangePassword();
  const [values, setValues] = useState<ChangePasswordValues>({
    currentPassword: '',
    newPassword: '',
    repeatPassword: '',
  });
  const [problems, setProblems] = useState<ChangePasswordProblems>({});
  const inputs = useRef<Partial<Record<keyof ChangePasswordValues, HTMLInputElement | null>>>({});

  const show = (found: ChangePasswordProblems) => {
    setProblems(found);
    const first = CHANGE_PASSWORD_FIELDS.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = localProblems(values);
    if (Object.keys(found).length > 0) return show(found);
    setProblems({});
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: ({ otherSessionsEnded }) => {
          toast.success(
            otherSessionsEnded === 0
              ? 'Your password is changed.'
              : `Your password is changed. ${otherSessionsEnded} other ${otherSessionsEnded === 1 ? 'session was' : 'sessions were'} signed out.`,
          );
          props.onDone();
        },
        onError: (error) => show(serverProblems(error)),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };

  const input = (
    field: keyof ChangePasswordValues,
    autoComplete: 'current-password' | 'new-password',
    first = false,
  ) => (
    <input
      ref={(node) => {
        inputs.current[field] = node;
      }}
      className="input"
      type="password"
      name={field}
      autoComplete={autoComplete}
      autoFocus={first}
      value={values[field]}
      onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
    />
  );

  return (
    <form
      aria-label="Change password"
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      noValidate
      style={{ display: 'grid', gap: 12 }}
    >
      <Field label="Current password" error={problems.currentPassword}>
        {input('currentPassword', 'current-password', true)}
      </Field>
      <Field
        label="New password"
        error={problems.newPassword}
        hint="At least 12 characters; a few words you will remember are fine."
      >
        {input('newPassword', 'new-password')}
      </Field>
      <Field label="Repeat the new password" error={problems.repeatPassword}>
        {input('repeatPassword', 'new-password')}
      </Field>
      {problems.form ? (
        <div className="alert error" role="alert">
          {problems.form}
        </div>
      ) : null}
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        {props.onCancel ? (
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="button primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
