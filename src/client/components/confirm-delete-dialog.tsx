import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';

import { Dialog } from './dialog';
import { FormProblem } from './field';
import { fieldProblems } from './field-problems';

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
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
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
    <Dialog
      title={props.title}
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button danger" disabled={busy}>
            {busy ? 'Deleting…' : props.action}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void onSubmit(event)} className="stack">
        <p style={{ margin: 0 }}>{props.children}</p>
        <FormProblem>{fieldProblems(error, []).form}</FormProblem>
      </form>
    </Dialog>
  );
}
