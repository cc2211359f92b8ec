import { useState } from 'react';
import { toast } from 'sonner';

import { useLegalHold } from '../../api/investigations/legal-hold';
import type { LegalHoldChange } from '../../api/investigations/legal-hold';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { useFieldProblems } from '../../components/field-problems';

const FIELDS = ['reason'] as const;

const TEXT = {
  place: {
    title: 'Place legal hold',
    action: 'Place hold',
    done: 'Legal hold placed',
    hint: 'Why the case must outlive retention (litigation, a regulator’s request…). The case history keeps it.',
  },
  lift: {
    title: 'Lift legal hold',
    action: 'Lift hold',
    done: 'Legal hold lifted',
    hint: 'Why the hold is no longer needed. Retention then applies to the case again.',
  },
} as const;

/**
 * Places or lifts a case's legal hold, which needs a reason. A held case, its subject's events
 * in its window and its pins are kept past retention until the hold is lifted.
 */
export function LegalHoldDialog(props: {
  investigationId: string;
  change: LegalHoldChange;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const hold = useLegalHold(props.investigationId);
  const problems = useFieldProblems(hold.error, FIELDS);
  const text = TEXT[props.change];
  const valid = reason.trim().length > 0;
  return (
    <Dialog
      title={text.title}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="legal-hold-form"
            className="button primary"
            disabled={!valid || hold.isPending}
          >
            {text.action}
          </button>
        </>
      }
    >
      <form
        id="legal-hold-form"
        ref={problems.formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid) return;
          hold.mutate(
            { change: props.change, reason: reason.trim() },
            {
              onSuccess: () => {
                toast.success(text.done);
                props.onClose();
              },
            },
          );
        }}
      >
        <Field label="Reason" error={problems.fields.reason ?? problems.form} hint={text.hint}>
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
