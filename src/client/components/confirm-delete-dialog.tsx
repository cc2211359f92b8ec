import { useState } from 'react';
import type { ReactNode } from 'react';

import { fieldProblems } from './field-problems';
import { FormDialog } from './form-dialog';

/**
 * Asks before something is deleted. Cancel has the focus, so the key that opened the dialog
 * followed by Enter deletes nothing; Tab to the delete button (or Ctrl+Enter) confirms. The
 * server's refusal stays in the dialog.
 */
export function ConfirmDeleteDialog(props: {
  /** "Delete template?" */
  title: string;
  /** The button's words: "Delete template". */
  action: string;
  /** What deleting does, in a sentence that names the thing. */
  children: ReactNode;
  onCancel: () => void;
  onDelete: () => Promise<void>;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const formId = `confirm-${props.action.toLowerCase().replace(/\W+/g, '-')}`;
  const onSubmit = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onDelete();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={props.title}
      formId={formId}
      action={props.action}
      busyAction="Deleting…"
      tone="danger"
      busy={busy}
      problem={fieldProblems(error, []).form}
      onSubmit={onSubmit}
      onClose={props.onCancel}
    >
      <p style={{ margin: 0 }}>{props.children}</p>
    </FormDialog>
  );
}
