import { useState } from 'react';
import { toast } from 'sonner';

import { useUpdateInvestigation } from '../../api/investigations/update-investigation';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';

const FIELDS = ['reason'] as const;

/** Reopens a closed case, which needs a reason; the history keeps it with the old outcome. */
export function ReopenInvestigationDialog(props: { investigationId: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const update = useUpdateInvestigation(props.investigationId);
  const problems = useFieldProblems(update.error, FIELDS);
  const valid = reason.trim().length > 0;
  return (
    <Dialog
      title="Reopen investigation"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="reopen-investigation-form"
            className="button primary"
            disabled={!valid || update.isPending}
          >
            Reopen
          </button>
        </>
      }
    >
      <form
        id="reopen-investigation-form"
        ref={problems.formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          update.mutate(
            { status: 'open', reason: reason.trim() },
            {
              onSuccess: () => {
                toast.success('Investigation reopened');
                props.onClose();
              },
            },
          );
        }}
      >
        <Field
          label="Reason"
          error={problems.fields.reason ?? problems.form}
          hint="Why the case is opened again (new evidence, a request from HR…). Ctrl+Enter reopens."
        >
          <textarea
            className="textarea"
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            autoFocus
          />
        </Field>
      </form>
    </Dialog>
  );
}
