import { useState } from 'react';

import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';

/** Asks why incidents are dismissed: the reason is required, and re-runs keep it. */
export function DismissDialog(props: {
  count: number;
  onCancel: () => void;
  onDismiss: (reason: string) => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const valid = reason.trim().length > 0;
  return (
    <Dialog
      title={props.count === 1 ? 'Dismiss incident' : `Dismiss ${props.count} incidents`}
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            form="dismiss-form"
            className="button primary"
            disabled={!valid || props.busy}
          >
            Dismiss
          </button>
        </>
      }
    >
      <form
        id="dismiss-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) props.onDismiss(reason.trim());
        }}
      >
        <Field
          label="Reason"
          hint="Say why this is not a concern. Later analysis runs keep the incident dismissed with this reason."
        >
          <textarea
            className="textarea"
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
          />
        </Field>
      </form>
    </Dialog>
  );
}
