import { useState } from 'react';

import { incidentStatusLabels } from '../../../shared/incident-model';
import type { IncidentStatus } from '../../../shared/incident-model';
import { Field } from '../../components/field';
import { FormDialog } from '../../components/form-dialog';

/**
 * Asks why incidents change status: a dismissal needs a reason (re-runs keep it), and so does a
 * change to several incidents at once, which is made all or nothing and audited per incident.
 */
export function DismissDialog(props: {
  count: number;
  status: IncidentStatus;
  onCancel: () => void;
  onDismiss: (reason: string) => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const valid = reason.trim().length > 0;
  const dismissing = props.status === 'dismissed';
  const label = incidentStatusLabels[props.status];
  const what = props.count === 1 ? 'incident' : `${props.count} incidents`;
  return (
    <FormDialog
      title={dismissing ? `Dismiss ${what}` : `Set ${what} to ${label}`}
      formId="dismiss-form"
      action={dismissing ? 'Dismiss' : `Set to ${label}`}
      busy={props.busy}
      ready={valid}
      onSubmit={() => props.onDismiss(reason.trim())}
      onClose={props.onCancel}
    >
      <Field
        label="Reason"
        hint={
          dismissing
            ? 'Say why this is not a concern. Later analysis runs keep the incident dismissed with this reason.'
            : 'Say why. All of them change or, if one cannot, none does; the history keeps the reason for each.'
        }
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
    </FormDialog>
  );
}
