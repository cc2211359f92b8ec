import { useState } from 'react';
import type { FormEvent } from 'react';

import type { DetectionRule } from '../../../shared/schemas/detection-rules';
import { Dialog } from '../../components/dialog';
import { FormProblem } from '../../components/field';
import { fieldProblems } from '../../components/field-problems';

/**
 * Asks before a custom rule is deleted. Cancel has the focus, so the key that opened the dialog
 * followed by Enter deletes nothing; Tab to "Delete rule" (or Ctrl+Enter) confirms.
 */
export function DeleteRuleDialog(props: {
  rule: DetectionRule;
  onCancel: () => void;
  /** Deletes the rule; a rejection (the server's refusal) stays in the dialog. */
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
      title="Delete detection rule?"
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="submit" form="delete-rule" className="button danger" disabled={busy}>
            {busy ? 'Deleting…' : 'Delete rule'}
          </button>
        </>
      }
    >
      <form id="delete-rule" onSubmit={(event) => void onSubmit(event)} className="stack">
        <p style={{ margin: 0 }}>
          <strong>{props.rule.title}</strong> stops raising alerts and leaves the list. Alerts it
          already raised stay in the queue.
        </p>
        <FormProblem>{fieldProblems(error, []).form}</FormProblem>
      </form>
    </Dialog>
  );
}
