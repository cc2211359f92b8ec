import { useState } from 'react';

import type { Reveal } from '../../../shared/schemas/privacy';
import { Field } from '../../components/field';
import { FormDialog } from '../../components/form-dialog';

/**
 * The reason a privacy officer denies a request with (the requester reads it). Ctrl+Enter
 * sends; the server's refusal stays in the dialog.
 */
export function DenyRevealDialog(props: {
  reveal: Reveal;
  onCancel: () => void;
  onDeny: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!reason.trim()) {
      setError('Say why the request is denied: the requester reads it.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onDeny(reason.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title="Deny the request"
      formId="deny-reveal-form"
      action="Deny"
      tone="danger"
      busy={busy}
      onSubmit={submit}
      onClose={props.onCancel}
    >
      <p>
        {props.reveal.requestedBy.displayName} asked to reveal {props.reveal.pseudonym} in “
        {props.reveal.investigationTitle}”: {props.reveal.purpose}
      </p>
      <Field label="Reason" error={error} hint="The requester reads it. Ctrl+Enter sends.">
        <textarea
          className="textarea"
          rows={4}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </FormDialog>
  );
}
