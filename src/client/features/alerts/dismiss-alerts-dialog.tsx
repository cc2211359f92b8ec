import { useState } from 'react';

import { bulkAlertsBodySchema, updateAlertBodySchema } from '../../../shared/schemas/alerts';
import type { AlertSummary } from '../../../shared/schemas/alerts';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';
import { useKeyLabel } from '../../keymap/key-hint';

const FIELDS = ['reason'] as const;

const peopleCount = (alerts: readonly AlertSummary[]) => {
  const count = new Set(alerts.map((alert) => alert.subject.id)).size;
  return count === 1 ? 'one person' : `${count} people`;
};

/**
 * The reason of a dismissal, checked with the shared schema before anything is sent: without
 * one, the sentence is said beside the field (which takes the focus), as is the server's own
 * refusal. Ctrl+Enter (the `form.submit` key) sends it from the text box.
 */
export function DismissAlertsDialog(props: {
  alerts: readonly AlertSummary[];
  onCancel: () => void;
  /** Sends the dismissal; a rejection (the server's refusal) stays in the dialog. */
  onDismiss: (reason: string) => Promise<void>;
}) {
  const { alerts } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const problems = useFieldProblems(error, FIELDS);
  const submitKey = useKeyLabel('form.submit');
  const one = alerts.length === 1 ? alerts[0]! : null;

  const onSubmit = async () => {
    // The same rule as the server's: a reason that is blank once trimmed is no reason.
    const checked = one
      ? updateAlertBodySchema.safeParse({ status: 'dismissed', reason })
      : bulkAlertsBodySchema.safeParse({
          ids: alerts.map((alert) => alert.id),
          action: 'dismiss',
          reason,
        });
    if (!checked.success) {
      setError(checked.error);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onDismiss(checked.data.reason ?? reason.trim());
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={one ? 'Dismiss alert' : `Dismiss ${alerts.length} alerts`}
      formId="dismiss-alerts"
      action="Dismiss"
      busyAction="Dismissing…"
      busy={busy}
      problem={problems.form}
      onSubmit={onSubmit}
      onClose={props.onCancel}
      formRef={problems.formRef}
    >
      <p style={{ margin: 0 }}>
        {one ? (
          <>
            <strong>{one.title}</strong> about {one.subject.fullName}
          </>
        ) : (
          `${alerts.length} alerts about ${peopleCount(alerts)}`
        )}
      </p>
      <Field
        label="Reason"
        error={problems.fields.reason}
        hint={`Why this is not a concern; it stays with the alert${alerts.length > 1 ? 's' : ''}.${submitKey ? ` ${submitKey} dismisses.` : ''}`}
      >
        <textarea
          className="textarea"
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            // A reason being written answers "say why": the sentence goes until the next send.
            if (error) setError(null);
          }}
          autoFocus
        />
      </Field>
    </FormDialog>
  );
}
