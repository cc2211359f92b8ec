import { useState } from 'react';
import { toast } from 'sonner';

import { caseOutcomes, outcomeLabels } from '../../../shared/investigation-model';
import type { CaseOutcome } from '../../../shared/investigation-model';
import { useUpdateInvestigation } from '../../api/investigations/update-investigation';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';

const FIELDS = ['outcome', 'outcomeReason'] as const;

/**
 * Closes a case: how it ends (an outcome) and why (a sentence) are both required. The only way
 * the screens close a case; afterwards it is read-only until reopened with a reason.
 */
export function CloseInvestigationDialog(props: { investigationId: string; onClose: () => void }) {
  const [outcome, setOutcome] = useState<CaseOutcome | ''>('');
  const [reason, setReason] = useState('');
  const update = useUpdateInvestigation(props.investigationId);
  const problems = useFieldProblems(update.error, FIELDS);
  const valid = outcome !== '' && reason.trim().length > 0;
  return (
    <Dialog
      title="Close investigation"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="close-investigation-form"
            className="button primary"
            disabled={!valid || update.isPending}
          >
            Close investigation
          </button>
        </>
      }
    >
      <form
        id="close-investigation-form"
        ref={problems.formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (outcome === '' || !valid) return;
          update.mutate(
            { status: 'closed', outcome, outcomeReason: reason.trim() },
            {
              onSuccess: () => {
                toast.success(`Investigation closed: ${outcomeLabels[outcome]}`);
                props.onClose();
              },
            },
          );
        }}
      >
        <Field
          label="Outcome"
          error={problems.fields.outcome}
          hint="How the case ends. Arrow keys choose."
        >
          <select
            className="select"
            value={outcome}
            onChange={(event) => setOutcome(event.target.value as CaseOutcome | '')}
            autoFocus
          >
            <option value="" disabled>
              Choose an outcome…
            </option>
            {caseOutcomes.map((value) => (
              <option key={value} value={value}>
                {outcomeLabels[value]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Reason"
          error={problems.fields.outcomeReason ?? problems.form}
          hint="Why the case ends this way, for whoever reads the record. Ctrl+Enter closes the case."
        >
          <textarea
            className="textarea"
            rows={4}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
