import { useState } from 'react';

import { Field } from './field';
import { useFieldProblems } from './field-problems';
import { FormDialog } from './form-dialog';

const FIELDS = ['reason'] as const;

/**
 * A change that needs a reason (reopening a case, placing or lifting a legal hold): one
 * textarea, the action disabled until a reason is written, the server's refusal beside the
 * field. `onSubmit` gets the trimmed reason; `error` is the mutation's failure.
 */
export function ReasonDialog(props: {
  title: string;
  action: string;
  hint: string;
  /** The form's id, so the footer's button submits it (and Ctrl+Enter from the textarea). */
  formId: string;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const problems = useFieldProblems(props.error, FIELDS);
  const valid = reason.trim().length > 0;
  return (
    <FormDialog
      title={props.title}
      formId={props.formId}
      action={props.action}
      busy={props.pending}
      ready={valid}
      onSubmit={() => props.onSubmit(reason.trim())}
      onClose={props.onClose}
      formRef={problems.formRef}
    >
      <Field label="Reason" error={problems.fields.reason ?? problems.form} hint={props.hint}>
        <textarea
          className="textarea"
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
