import { toast } from 'sonner';

import { useLegalHold } from '../../api/investigations/legal-hold';
import type { LegalHoldChange } from '../../api/investigations/legal-hold';
import { ReasonDialog } from '../../components/reason-dialog';

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
  const hold = useLegalHold(props.investigationId);
  const text = TEXT[props.change];
  return (
    <ReasonDialog
      title={text.title}
      action={text.action}
      hint={text.hint}
      formId="legal-hold-form"
      pending={hold.isPending}
      error={hold.error}
      onClose={props.onClose}
      onSubmit={(reason) =>
        hold.mutate(
          { change: props.change, reason },
          {
            onSuccess: () => {
              toast.success(text.done);
              props.onClose();
            },
          },
        )
      }
    />
  );
}
