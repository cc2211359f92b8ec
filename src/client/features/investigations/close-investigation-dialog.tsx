import { useState } from 'react';
import { toast } from 'sonner';

import { caseOutcomes, outcomeLabels } from '../../../shared/investigation-model';
import type { CaseOutcome } from '../../../shared/investigation-model';
import { useUpdateInvestigation } from '../../api/investigations/update-investigation';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';
import { FormDialog } from '../../components/form-dialog';

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
    <FormDialog
      title="Close investigation"
      formId="close-investigation-form"
      action="Close investigation"
      busy={update.isPending}
      ready={valid}
      onSubmit={() => {
        if (outcome === '') return;
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
      onClose={props.onClose}
      formRef={problems.formRef}
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
    </FormDialog>
  );
}
