import { useState } from 'react';
import type { FormEvent } from 'react';

import type { CaseTemplate } from '../../../shared/schemas/templates';
import { Dialog } from '../../components/dialog';
import { FormProblem } from '../../components/field';
import { fieldProblems } from '../../components/field-problems';

/**
 * Asks before a template is deleted. Cancel has the focus, so the key that opened the dialog
 * followed by Enter deletes nothing; Tab to "Delete template" confirms.
 */
export function DeleteTemplateDialog(props: {
  template: CaseTemplate;
  onCancel: () => void;
  /** Deletes the template; a rejection (the server's refusal) stays in the dialog. */
  onDelete: () => Promise<void>;
}) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
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
      title="Delete template?"
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="submit" form="delete-template" className="button danger" disabled={busy}>
            {busy ? 'Deleting…' : 'Delete template'}
          </button>
        </>
      }
    >
      <form id="delete-template" onSubmit={(event) => void onSubmit(event)} className="stack">
        <p style={{ margin: 0 }}>
          <strong>{props.template.name}</strong> leaves the list. Investigations opened from it keep
          their checklist.
        </p>
        <FormProblem>{fieldProblems(error, []).form}</FormProblem>
      </form>
    </Dialog>
  );
}
